/**
 * The command tree as shell completion sees it, read from the commander program itself, so a completion script generated from it cannot drift from the
 * commands, flags and values the parser accepts.
 */
import type { Command, Option } from 'commander';
import { completionValues } from './completion-values.js';

export interface CompletionFlag {
  /** Every spelling: `-f`, `--format`. */
  names: string[];
  description: string;
  /** Takes a value (`--format <format>`). */
  takesValue: boolean;
  /** The values it takes, when they are a fixed set. */
  values?: readonly string[];
  /** Its value is a file or directory name. */
  file: boolean;
}

export interface CompletionNode {
  name: string;
  /** Words from the program to here: [] for the program, ['sale', 'outbox'] for `sale outbox`. */
  path: string[];
  description: string;
  /** The command's own flags; the program's apply everywhere. */
  flags: CompletionFlag[];
  /** Values of its positional arguments, in order (undefined: free text). */
  argumentValues: (readonly string[] | undefined)[];
  commands: CompletionNode[];
}

export function completionTree(program: Command): CompletionNode {
  const walk = (command: Command, path: string[]): CompletionNode => {
    return {
      name: command.name(),
      path,
      description: firstLine(command.description()),
      flags: command.options.filter((option) => !option.hidden).map(flagOf),
      argumentValues: command.registeredArguments.map((argument) => completionValues(argument)),
      commands: command.commands.map((sub) => walk(sub, [...path, sub.name()])),
    };
  };
  const root = walk(program, []);
  root.flags.push({ names: ['-h', '--help'], description: 'show help', takesValue: false, file: false });
  return root;
}

function flagOf(option: Option): CompletionFlag {
  const names = [option.short, option.long].filter((name): name is string => name !== undefined);
  const takesValue = option.required || option.optional;
  const values = completionValues(option);
  return {
    names,
    description: firstLine(option.description),
    takesValue,
    ...(values ? { values } : {}),
    file: takesValue && /<(file|dir|directory)>/i.test(option.flags),
  };
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

/** Every node, the program first, parents before children. */
export function allNodes(root: CompletionNode): CompletionNode[] {
  return [root, ...root.commands.flatMap(allNodes)];
}
