/**
 * Lays out a help table at a width exactly as commander 14's Help.formatHelp does (its
 * formatItem and boxWrap, without colour: our help has none). The build checks the two agree
 * at every width (table-from-program.ts), and so do the tests, so they cannot drift apart.
 */
import type { HelpTable } from './help-table.js';

const ITEM_INDENT = '  ';
const SPACER_WIDTH = 2;

export function formatHelpTable(table: HelpTable, width: number): string {
  let lines = [`Usage: ${table.usage}`, ''];
  if (table.description.length > 0) lines.push(boxWrap(table.description, width, table.minWidthToWrap), '');
  for (const { heading, items } of table.sections) {
    if (items.length === 0) continue;
    lines = lines.concat(
      heading,
      items.map(([term, description]) => formatItem(term, description, table, width)),
      '',
    );
  }
  return lines.join('\n') + table.after;
}

function formatItem(term: string, description: string, table: HelpTable, width: number): string {
  if (!description) return ITEM_INDENT + term;
  const { termWidth, minWidthToWrap } = table;
  const remainingWidth = width - termWidth - SPACER_WIDTH - ITEM_INDENT.length;
  const formatted =
    remainingWidth < minWidthToWrap || /\n[^\S\r\n]/.test(description)
      ? description
      : boxWrap(description, remainingWidth, minWidthToWrap).replace(/\n/g, `\n${' '.repeat(termWidth + SPACER_WIDTH)}`);
  return ITEM_INDENT + term.padEnd(termWidth) + ' '.repeat(SPACER_WIDTH) + formatted.replace(/\n/g, `\n${ITEM_INDENT}`);
}

/** Wraps at whitespace, keeping the line breaks already there; a word longer than the width stays whole. */
function boxWrap(text: string, width: number, minWidthToWrap: number): string {
  if (width < minWidthToWrap) return text;
  const wrapped: string[] = [];
  for (const line of text.split(/\r\n|\n/)) {
    const chunks = line.match(/\s*\S+/g);
    if (chunks === null) {
      wrapped.push('');
      continue;
    }
    let current = chunks[0];
    for (const chunk of chunks.slice(1)) {
      if (current.length + chunk.length <= width) {
        current += chunk;
        continue;
      }
      wrapped.push(current);
      current = chunk.trimStart();
    }
    wrapped.push(current);
  }
  return wrapped.join('\n');
}
