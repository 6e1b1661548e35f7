/** The command tree: every group with its subcommands, each exiting through the program. */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CommanderError, type Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';

const COMMANDS = fileURLToPath(new URL('../../src/cli/commands', import.meta.url));

type ProgramModule = typeof import('../../src/cli/program.js');
let programModule: ProgramModule;

beforeAll(async () => {
  // Defined by the build (scripts/build.mjs); the source needs it to exist.
  (globalThis as Record<string, unknown>).__SHOPPROP_VERSION__ = '0.0.0-test';
  programModule = await import('../../src/cli/program.js');
});

const GROUPS: Record<string, string[]> = {
  sale: ['list', 'items', 'save', 'reconcile', 'outbox', 'sync'],
  receipt: ['specs', 'print'],
  config: ['get', 'set', 'unset', 'list', 'use', 'path'],
  local: ['token', 'user', 'demo', 'company', 'shop', 'list', 'import', 'mpesa', 'statement', 'migrate', 'copy'],
};

/** Commands of no group, each a module of its own. */
const SINGLE: Record<string, string> = { login: 'auth/login', status: 'auth/status', logout: 'auth/logout', api: 'api/api' };

function quietProgram(): { program: Command; output: () => string } {
  let text = '';
  const program = programModule.buildProgram();
  const quiet = (command: Command) => {
    command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
    command.commands.forEach(quiet);
  };
  quiet(program);
  return { program, output: () => text };
}

/** The words of every command of the tree (`['local', 'token', 'create']`). */
function commandPaths(): string[][] {
  const paths: string[][] = [];
  const walk = (command: Command, path: string[]) => {
    for (const sub of command.commands) {
      paths.push([...path, sub.name()]);
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(quietProgram().program, []);
  return paths;
}

async function parseError(program: Command, args: string[]): Promise<CommanderError> {
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error;
    throw error;
  }
  throw new Error(`no error for ${args.join(' ')}`);
}

describe('command modules', () => {
  it('every command names a module of src/cli/commands that exports run', async () => {
    quietProgram(); // defining the commands registers their modules
    const { commandModuleIds } = await import('../../src/cli/lazy-action.js');
    expect(commandModuleIds.size).toBeGreaterThanOrEqual(22);
    for (const id of commandModuleIds) {
      const module = (await import(/* @vite-ignore */ pathToFileURL(join(COMMANDS, `${id}.ts`)).href)) as { run?: unknown };
      expect(typeof module.run, id).toBe('function');
    }
  });
});

describe('command groups', () => {
  it('have every subcommand', () => {
    const { program } = quietProgram();
    for (const [name, subcommands] of Object.entries(GROUPS)) {
      const group = program.commands.find((c) => c.name() === name)!;
      expect(group.commands.map((c) => c.name()).filter((n) => n !== 'help')).toEqual(subcommands);
    }
  });

  it('stand beside commands of no group, each loading its own module', async () => {
    const { program } = quietProgram();
    const { commandModuleIds } = await import('../../src/cli/lazy-action.js');
    for (const [name, id] of Object.entries(SINGLE)) {
      const command = program.commands.find((c) => c.name() === name);
      expect(command, name).toBeDefined();
      expect(command!.commands, name).toEqual([]);
      expect(commandModuleIds.has(id), id).toBe(true);
    }
  });

  it('make every command, however deep, exit through the program: a usage error with a suggestion, never process.exit', async () => {
    const paths = commandPaths();
    expect(paths.length).toBeGreaterThanOrEqual(30);
    let suggested = 0;
    for (const path of paths) {
      const { program, output } = quietProgram();
      const error = await parseError(program, [...path, '--hepl']);
      expect(error.exitCode, path.join(' ')).toBe(1);
      // A command with mandatory options reports the first missing one before any unknown option.
      if (error.code === 'commander.missingMandatoryOptionValue') {
        expect(output(), path.join(' ')).toMatch(/^shopprop: required option '.+' not specified\n$/);
        continue;
      }
      expect(error.code, path.join(' ')).toBe('commander.unknownOption');
      expect(output(), path.join(' ')).toBe("shopprop: unknown option '--hepl'\n(Did you mean --help?)\n");
      suggested += 1;
    }
    // Five commands have mandatory options: token create, user create, company create, statement prepare, copy.
    expect(suggested).toBeGreaterThanOrEqual(paths.length - 5);
  });

  it('are expanded when dispatched to: a group help lists its subcommands, a typo gets a suggestion', async () => {
    const { program, output } = quietProgram();
    const help = await parseError(program, ['sale', '--help']);
    expect(help.code).toBe('commander.helpDisplayed');
    for (const verb of GROUPS.sale!) expect(output()).toMatch(new RegExp(`^  ${verb}\\b`, 'm'));

    const nested = quietProgram();
    const typo = await parseError(nested.program, ['local', 'tokn']);
    expect(typo.code).toBe('commander.unknownCommand');
    expect(nested.output()).toMatch(/unknown command 'tokn'\n\(Did you mean token\?\)/);

    const deeper = quietProgram();
    const option = await parseError(deeper.program, ['local', 'token', 'create', '--company', '0']);
    expect(option.code).toBe('commander.invalidArgument');
    expect(deeper.output()).toMatch(/--company.*positive whole number/);
  });
});
