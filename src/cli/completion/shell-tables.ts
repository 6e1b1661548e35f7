/**
 * The command tree as shell `case` tables, shared by the bash and zsh scripts (the syntax is the
 * same in both): the subcommands of a command, its flags, the flags that take a value and their
 * values, and the values of positional arguments. A command is named by its path of words
 * ('' for the program, 'sale outbox').
 */
import { allNodes, type CompletionFlag, type CompletionNode } from './completion-tree.js';

/** A word in single quotes, for sh, bash and zsh. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** What a value flag completes with: its values, `@file` for a file name, or '' for free text. */
export function valueCompletion(flag: CompletionFlag): string {
  if (flag.values) return flag.values.join(' ');
  return flag.file ? '@file' : '';
}

export function shellTables(root: CompletionNode, describe: boolean): string {
  const nodes = allNodes(root);
  const key = (node: CompletionNode) => shQuote(node.path.join(' '));
  const out: string[] = [];
  // A command's own spelling of a program flag (`--company` on both) is offered once.
  const programNames = new Set(root.flags.flatMap((f) => f.names));
  const ownNames = (node: CompletionNode) => node.flags.flatMap((f) => f.names).filter((name) => !programNames.has(name));

  out.push('_shopprop_subcommands() {', '  case "$1" in');
  for (const node of nodes) if (node.commands.length > 0) out.push(`    ${key(node)}) echo ${shQuote(node.commands.map((c) => c.name).join(' '))} ;;`);
  out.push('  esac', '}', '');

  // Flags of a command: its own; the program's apply to every command.
  out.push('_shopprop_flags() {', '  case "$1" in');
  for (const node of nodes) {
    if (node.path.length > 0 && ownNames(node).length > 0) out.push(`    ${key(node)}) echo ${shQuote(ownNames(node).join(' '))} ;;`);
  }
  out.push('  esac', `  echo ${shQuote(root.flags.flatMap((f) => f.names).join(' '))}`, '}', '');

  // Prints a value flag's completion and succeeds; fails for a flag that takes no value.
  out.push('_shopprop_value_flag() {', '  case "$1|$2" in');
  for (const node of nodes) {
    for (const flag of node.flags.filter((f) => f.takesValue)) {
      const scope = node.path.length === 0 ? '*' : key(node);
      out.push(`    ${flag.names.map((name) => `${scope}'|${name}'`).join('|')}) echo ${shQuote(valueCompletion(flag))}; return 0 ;;`);
    }
  }
  out.push('  esac', '  return 1', '}', '');

  out.push('_shopprop_argument_values() {', '  case "$1|$2" in');
  for (const node of nodes) {
    node.argumentValues.forEach((values, index) => {
      if (values) out.push(`    ${shQuote(`${node.path.join(' ')}|${index}`)}) echo ${shQuote(values.join(' '))} ;;`);
    });
  }
  out.push('  esac', '}', '');

  if (describe) {
    // "name:description" lines, for zsh's _describe.
    const entry = (name: string, description: string) => shQuote(`${name.replace(/:/g, '\\:')}:${description}`);
    out.push('_shopprop_subcommand_descriptions() {', '  case "$1" in');
    for (const node of nodes) {
      if (node.commands.length > 0) out.push(`    ${key(node)}) print -rl -- ${node.commands.map((c) => entry(c.name, c.description)).join(' ')} ;;`);
    }
    out.push('  esac', '}', '');
    out.push('_shopprop_flag_descriptions() {', '  case "$1" in');
    for (const node of nodes) {
      const own = node.flags.flatMap((f) => f.names.filter((n) => !programNames.has(n)).map((n) => entry(n, f.description)));
      if (node.path.length > 0 && own.length > 0) out.push(`    ${key(node)}) print -rl -- ${own.join(' ')} ;;`);
    }
    out.push('  esac', `  print -rl -- ${root.flags.flatMap((f) => f.names.map((n) => entry(n, f.description))).join(' ')}`, '}', '');
  }
  return out.join('\n');
}
