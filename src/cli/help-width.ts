/** Help is wrapped to the terminal's width; in a pipe to COLUMNS, else 80 (commander would not wrap it at all). */
export function helpWidth(stream: NodeJS.WriteStream): number {
  if (stream.isTTY && stream.columns > 0) return stream.columns;
  const fromEnv = Number(process.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv >= 40 ? fromEnv : 80;
}
