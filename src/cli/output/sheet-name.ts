/**
 * The name of an exported sheet: the report and its month ("Paid and balance October 2026"),
 * so a workbook saved among others says what it holds from its tab. Taken from the line a
 * command prints above its table (report · company · filters · period), else from what a
 * record is ("Properties"). Excel allows 31 characters and none of : \ / ? * [ ].
 */
const MONTH_YEAR = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/;
const MAX_SHEET_NAME = 31;

export function sheetNameFor(heading: readonly string[] | undefined, recordName: string): string {
  const parts = heading?.[0]?.split(' · ').map((part) => part.trim()) ?? [];
  const report = parts[0] || plural(recordName);
  const month = parts
    .slice(1)
    .map((part) => MONTH_YEAR.exec(part)?.[0])
    .find((m) => m !== undefined);
  return safeSheetName(month ? `${report} ${month}` : report);
}

/** A name Excel opens: its forbidden characters as spaces, at most 31 characters (the month kept whole when the report is cut). */
export function safeSheetName(name: string): string {
  const cleaned =
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Sheet1';
  if (cleaned.length <= MAX_SHEET_NAME) return cleaned;
  const month = / ((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4})$/.exec(cleaned)?.[1];
  if (!month) return cleaned.slice(0, MAX_SHEET_NAME).trim();
  return `${cleaned.slice(0, MAX_SHEET_NAME - month.length - 1).trim()} ${month}`;
}

/** "property" -> "Properties", "cash sale" -> "Cash sales". */
function plural(name: string): string {
  const word = name.trim() || 'record';
  const many = /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
  return many.charAt(0).toUpperCase() + many.slice(1);
}
