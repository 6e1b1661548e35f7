/**
 * Progress of long work on stderr ("fetched 12,000 of 100,000"), only when stderr is a terminal:
 * logs and pipes get no carriage-return noise.
 */
import type { CommandContext } from './context.js';

export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

export function progress(context: CommandContext, label: string): Progress {
  if (!context.terminal.stderrIsTTY) return { update: () => undefined, done: () => undefined };
  let last = 0;
  let shown = false;
  const format = new Intl.NumberFormat('en-US');
  return {
    update(done, total) {
      const now = context.now();
      if (now - last < 100 && done < total) return;
      last = now;
      shown = true;
      context.terminal.stderr.write(`\r${label} ${format.format(done)} of ${format.format(total)}\x1b[K`);
    },
    done() {
      if (shown) context.terminal.stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}
