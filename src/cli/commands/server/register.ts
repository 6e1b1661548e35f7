/** `shopprop serve` and `shopprop demo`: the local server and its demo data. */
import { Command, Option } from 'commander';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';
import { nonNegativeInteger, positiveInteger } from '../../options.js';

export function serveCommand(): Command {
  return withExamples(
    new Command('serve')
      .description(
        "run the server (the whole interface) on a port: on the local SQLite store, or on PostgreSQL 15+ with --database postgres://... (its schema applied at start, once however many instances start; pool size and statement timeout as the URL's pool_max and statement_timeout parameters, defaults 10 and 15000 ms)",
      )
      .option('--port <n>', 'port to listen on (0 picks a free one)', nonNegativeInteger, 8080)
      .option('--host <host>', 'address to listen on', '127.0.0.1')
      .option(
        '--public-url <url>',
        'origin of the links the server builds (statement documents), e.g. https://shop.example.com; else config key publicUrl, else the Host each request names',
      )
      .option('--quiet', 'no request log')
      .addOption(
        new Option(
          '--log-format <format>',
          'request log: pretty (a line per request) or json (JSON lines); default pretty at a terminal, json otherwise',
        ).choices(['pretty', 'json']),
      )
      .option(
        '--cors-origin <url>',
        'let a browser app on this origin call the server (repeatable; config key corsOrigins)',
        (value: string, previous: string[] = []) => [...previous, value],
      )
      .option(
        '--trust-proxy <address>',
        'a reverse proxy (address or CIDR range, repeatable) whose X-Forwarded-For names the client, e.g. 127.0.0.1 for nginx on the same machine; log-in attempts are then counted per client, not per proxy',
        (value: string, previous: string[] = []) => [...previous, value],
      ),
    'shopprop serve',
    'shopprop serve --port 9000 --db /srv/shop.db',
    'shopprop serve --log-format json >> serve.log',
    'shopprop serve --host 0.0.0.0 --database postgres://shop@db.example.com/shop',
    "shopprop serve --port 8081 --database 'postgres://shop@db.example.com/shop?pool_max=20&statement_timeout=5000'",
    'shopprop serve --host 0.0.0.0 --public-url https://shop.example.com',
    'shopprop serve --host 0.0.0.0 --cors-origin https://portal.example.com',
  ).action(lazyAction('server/serve'));
}

export function demoCommand(name = 'demo'): Command {
  return withExamples(
    new Command(name)
      .description('fill an empty local store (a file, or an empty PostgreSQL database with --database) with demo data and point the profile at company 1')
      .option('--scale <n>', 'multiply the volume (100: about 100k sales and 10k units)', positiveInteger, 1)
      .option('--seed <n>', 'random seed; the same seed gives the same data', positiveInteger)
      .option('--replace', 'delete the existing local store file first'),
    'shopprop demo',
    'shopprop demo --database postgres://shop@localhost/demo',
    'shopprop demo --scale 100 --db /tmp/big.db',
  ).action(lazyAction('server/demo'));
}
