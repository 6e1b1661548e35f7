/**
 * A web origin of its own on 127.0.0.1: a static file server for the pages in pages/, as a
 * landlord portal or a browser till would be hosted apart from the shopprop server.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

const PAGES = new URL('./pages/', import.meta.url);
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

export interface StaticOrigin {
  /** `http://127.0.0.1:PORT`, as a browser names the page's origin. */
  origin: string;
  close(): Promise<void>;
}

export async function serveStaticOrigin(): Promise<StaticOrigin> {
  const server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://x').pathname.slice(1);
    // Only the files of pages/ by plain name: nothing else of the checkout is served.
    if (!/^[a-z-]+\.(html|js)$/.test(name)) {
      response.writeHead(404).end();
      return;
    }
    readFile(fileURLToPath(new URL(name, PAGES))).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[extname(name)]! }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the static server has no address');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
