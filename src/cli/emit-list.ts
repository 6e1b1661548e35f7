/**
 * Prints a list of records in the chosen format, to stdout or --output, and says on stderr when
 * what was printed is fewer than the service's count (a list is never cut short silently).
 */
import { countOf } from '../domain/plural.js';
import type { ColumnSet } from './output/columns/types.js';
import type { CommandContext } from './context.js';
import { colourLevel } from './output/colour.js';
import { parseFieldsOption } from './output/fields.js';
import { resolveFormat } from './output/format.js';
import { partialListNotice } from './output/partial-notice.js';
import { renderRecords } from './output/render.js';
import type { RecordSource } from './output/write.js';
import { withOutput } from './output-target.js';

export interface ListToEmit {
  records: RecordSource;
  columns: ColumnSet;
  /** The envelope's count; a notice is printed when fewer records were shown. */
  count?: () => number | undefined;
  /** A totals row under tables. */
  totals?: boolean;
  /** The totals row's label when its rows are not the whole of anything (a list of findings); else Total, or Page total for a page. */
  totalLabel?: string;
  /** Lines above a table saying what it is of (company, filters, period). */
  heading?: readonly string[];
  /** An xlsx sheet's name, when the heading does not say the report and month. */
  sheetName?: string;
  /** Clears a progress line, before any message, so the two never run together. */
  endProgress?: () => void;
}

export async function emitList(context: CommandContext, list: ListToEmit): Promise<number> {
  // Static imports: they load with the command anyway, and one chunk loads faster than five.
  const settings = await context.settings();
  const { globals } = context;
  const shown = await withOutput(context, (target) => {
    const format = resolveFormat({ format: globals.format, output: globals.output, stdoutIsTTY: target.isTTY });
    return renderRecords(list.records, target.stream, {
      format,
      columns: list.columns,
      fields: parseFieldsOption(globals.fields),
      raw: globals.raw,
      bom: globals.bom,
      color: colourWanted(context, target.isTTY),
      totals: list.totals,
      // Summed over one page of a longer list, the total is the page's, not the list's.
      totalLabel: (shown) => list.totalLabel ?? (shown < (list.count?.() ?? shown) ? 'Page total' : 'Total'),
      timeZone: settings.timeZone,
      width: tableWidthFor(context, target.isTTY),
      heading: list.heading,
      ...(list.sheetName !== undefined && { sheetName: list.sheetName }),
      onDropped: (_keys, headings) => context.say(droppedNotice(tableWidthFor(context, target.isTTY), headings)),
      terminal: target.isTTY,
    });
  });
  list.endProgress?.();
  const count = list.count?.();
  const notice = count === undefined ? undefined : partialListNotice(shown, count);
  if (notice) context.say(notice);
  if (context.globals.output && context.globals.output !== '-') context.say(`wrote ${countOf(shown, 'record')} to ${context.globals.output}`);
  return shown;
}

/** Which columns a table left out, by the headings a person would have seen. */
export function droppedNotice(width: number | undefined, headings: readonly string[]): string {
  return `left out to fit ${width} columns: ${headings.join(', ')} (--wide shows every column; --fields chooses them)`;
}

/**
 * How wide a table may be: the terminal's width on a terminal, else COLUMNS when set (a pipe to
 * a pager or a file then gets the width asked for); no limit with --wide or neither.
 */
export function tableWidthFor(context: CommandContext, isTTY: boolean): number | undefined {
  if (context.globals.wide) return undefined;
  const columns = isTTY ? (context.terminal.stdout as NodeJS.WriteStream).columns : undefined;
  if (typeof columns === 'number' && columns > 0) return columns;
  const fromEnv = Number(context.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv >= 20 ? fromEnv : undefined;
}

/** Colour only for a person at a terminal, never with NO_COLOR (any value) or --no-color. */
export function colourWanted(context: CommandContext, isTTY: boolean): boolean {
  return colourLevel({ stdoutIsTTY: isTTY, noColorFlag: context.globals.color === false, env: context.env }) > 0;
}
