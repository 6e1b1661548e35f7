/**
 * How the program's own help lists its commands: in groups a person looks for (sales, property
 * reports, the local store, the server, settings), one line each. A command's description stays
 * whole in its own --help; the list shows its summary. Terms leave out "[options]" (every
 * command has them, and its own help lists them), so descriptions start nearer the left.
 */
import type { Command, HelpConfiguration } from 'commander';

const GROUPS: readonly [string, readonly [string, string][]][] = [
  [
    'Sales:',
    [
      ['sale', 'cash sales: list, lines, save, offline outbox'],
      ['receipt', 'units in stock (IMEI, serial), printed receipts'],
    ],
  ],
  [
    'Property reports:',
    [
      ['paidbalance', "tenants' paid and balance for a month"],
      ['payadvice', "a landlord's pay advice for a property and month"],
      ['statements', 'landlord statements: prepared, approved, paid'],
      ['statement-pdf', "a statement's PDF: its link, or saved to a file"],
      ['month-end', 'close a month: statements, workbook and PDFs'],
    ],
  ],
  [
    'Local store:',
    [
      ['local', 'companies, tokens, users, imports, statements'],
      ['demo', 'demo data in an empty store'],
    ],
  ],
  [
    'Server:',
    [
      ['serve', 'run the server on a port (SQLite or PostgreSQL)'],
      ['login', 'sign in to the service'],
      ['status', 'who is signed in, and to which service'],
      ['logout', 'sign out, revoking the token'],
      ['api', 'any request to the service, its answer as it came'],
      ['doctor', 'check that a service follows the interface'],
    ],
  ],
  [
    'Settings:',
    [
      ['config', 'settings per profile'],
      ['completion', 'a shell completion script'],
      ['help', 'help for a command, or exit-codes, environment'],
    ],
  ],
];

/** Puts each of the program's commands in its group with its one-line summary, the groups in this order. */
export function groupCommands(program: Command): void {
  const order = GROUPS.flatMap(([, entries]) => entries.map(([name]) => name));
  for (const [heading, entries] of GROUPS) {
    for (const [name, summary] of entries)
      program.commands
        .find((c) => c.name() === name)
        ?.helpGroup(heading)
        .summary(summary);
  }
  // Help lists a group where its first command stands: the commands in group order, any other after.
  const rank = (c: Command) => (order.includes(c.name()) ? order.indexOf(c.name()) : order.length);
  (program.commands as Command[]).sort((a, b) => rank(a) - rank(b));
}

/** A command as the list names it: its name, alias and arguments, without "[options]". */
export const subcommandTerm: HelpConfiguration['subcommandTerm'] = (command) => {
  const args = command.registeredArguments
    .map((a) => (a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`))
    .join(' ');
  const alias = command.aliases()[0];
  return [command.name() + (alias ? `|${alias}` : ''), args].filter(Boolean).join(' ');
};
