/**
 * Fitting a table to the terminal's width. Text columns give up width first (their cells are
 * cut with an ellipsis), never numbers, money or dates; when that is not enough, whole columns
 * are left out, least important first, unless the person chose the columns with `--fields`.
 * Pure: widths in, widths out.
 */

export interface FitColumn {
  key: string;
  header: string;
  /** Text may be cut; other kinds are shown whole. */
  shrinkable: boolean;
  /** The longest cell, header included. */
  natural: number;
  /** The narrowest a shrinkable column may become; default its header, or 8 if more. */
  floor?: number;
}

export interface FitResult {
  /** Indexes of the columns kept, in their order. */
  kept: number[];
  /** The width of each kept column's content (without padding), in the order of `kept`. */
  widths: number[];
  /** Keys of the columns left out. */
  dropped: string[];
}

/** Shrinkable columns keep at least this much, or their header, whichever is more. */
const MIN_TEXT = 8;

/** The table's width for columns of these content widths: "│ a │ b │" is 2 padding + 1 rule each, + 1. */
export function tableWidth(widths: readonly number[]): number {
  return widths.reduce((sum, w) => sum + w + 3, 1);
}

/**
 * `priority`: keys, most important first (columns not named come after, in their order).
 * `mayDrop`: false when the person chose the columns (`--fields`): they are cut, never dropped.
 */
export function fitColumns(columns: readonly FitColumn[], width: number, priority: readonly string[], mayDrop: boolean): FitResult {
  let kept = columns.map((_, i) => i);
  const rank = (i: number) => {
    const at = priority.indexOf(columns[i]!.key);
    return at === -1 ? priority.length + i : at;
  };
  for (;;) {
    const widths = shrink(
      kept.map((i) => columns[i]!),
      width,
    );
    if (tableWidth(widths) <= width || !mayDrop || kept.length <= 1) {
      return { kept, widths, dropped: columns.filter((_, i) => !kept.includes(i)).map((c) => c.key) };
    }
    const least = kept.reduce((a, b) => (rank(b) > rank(a) ? b : a));
    kept = kept.filter((i) => i !== least);
  }
}

/** Narrows the widest shrinkable column, one character at a time, until the table fits or none can give more. */
function shrink(columns: readonly FitColumn[], width: number): number[] {
  const widths = columns.map((c) => c.natural);
  const floor = columns.map((c) => (c.shrinkable ? Math.min(c.natural, c.floor ?? Math.max(MIN_TEXT, c.header.length)) : c.natural));
  let excess = tableWidth(widths) - width;
  while (excess > 0) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) if (widths[i]! > floor[i]! && (widest === -1 || widths[i]! > widths[widest]!)) widest = i;
    if (widest === -1) break;
    widths[widest]!--;
    excess--;
  }
  return widths;
}
