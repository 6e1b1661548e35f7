/**
 * README promises examples in every command's help: every command of the tree, groups
 * included, shows an Examples section, and each example runs a command that exists.
 */
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

type ProgramModule = typeof import('../../../src/cli/program.js');
let programModule: ProgramModule;

beforeAll(async () => {
  (globalThis as Record<string, unknown>).__SHOPPROP_VERSION__ = '0.0.0-test';
  programModule = await import('../../../src/cli/program.js');
});

function commandPaths(): string[][] {
  const paths: string[][] = [];
  const walk = (command: Command, path: string[]) => {
    for (const sub of command.commands) {
      if (sub.name() === 'help') continue;
      paths.push([...path, sub.name()]);
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(programModule.buildProgram(), []);
  return paths;
}

function aliases(): string[] {
  const found: string[] = [];
  const walk = (command: Command) => {
    for (const sub of command.commands) {
      found.push(...sub.aliases());
      walk(sub);
    }
  };
  walk(programModule.buildProgram());
  return found;
}

describe('--help of every command', () => {
  it('shows Examples, groups included, each naming a command of the tree', async () => {
    const temp = makeTempDir();
    try {
      const paths = commandPaths();
      // A command's aliases name it too (status is also whoami).
      const known = new Set([...paths.map((path) => path.join(' ')), ...aliases()]);
      for (const group of ['sale', 'receipt', 'config', 'local', 'local company', 'local token', 'local statement']) expect(known.has(group), group).toBe(true);
      for (const path of paths) {
        const help = await runInProcess([...path, '--help'], { home: temp.dir });
        expect(help.code, path.join(' ')).toBe(0);
        const examples = help.stdout.split('\nExamples:\n')[1];
        expect(examples, `${path.join(' ')} --help has no Examples`).toBeDefined();
        const lines = examples!
          .trimEnd()
          .split('\n')
          .filter((line) => line.startsWith('  $ '));
        expect(lines.length, path.join(' ')).toBeGreaterThan(0);
        for (const line of lines) {
          const words = line.slice(4).split(/\s+/);
          expect(words[0] === 'shopprop' || words[0] === 'cat', line).toBe(true);
          // The example runs a command of the tree, not a name that no longer exists.
          expect(
            words.some((word) => known.has(word)),
            line,
          ).toBe(true);
        }
      }
    } finally {
      temp.remove();
    }
  });
});
