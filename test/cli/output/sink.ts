import { Writable } from 'node:stream';

/** A writable that keeps what was written, as text. */
export class TextSink extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    callback();
  }
}

/**
 * A slow reader with a tiny buffer: every write completes a tick later, so `write()` returns
 * false almost at once and a renderer that ignores backpressure would run far ahead.
 */
export class SlowSink extends Writable {
  text = '';
  completed = 0;
  constructor() {
    super({ highWaterMark: 8 });
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    setTimeout(() => {
      this.text += chunk.toString();
      this.completed += 1;
      callback();
    }, 1);
  }
}
