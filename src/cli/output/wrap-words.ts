/**
 * A message wrapped at a terminal's width on word boundaries. A terminal breaks a long line
 * wherever the width ends, mid-word ("--field" / "s chooses"); wrapped here, each line ends
 * at a space and the next is indented, so a message stays readable as one. A word longer
 * than the width keeps its own line whole (a path or a URL cut would not work when copied).
 */
export function wrapWords(text: string, width: number | undefined): string {
  if (width === undefined || width < 20) return text;
  return text
    .split('\n')
    .map((line) => wrapLine(line, width))
    .join('\n');
}

const INDENT = '  ';

function wrapLine(line: string, width: number): string {
  if (line.length <= width) return line;
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const prefix = lines.length === 0 ? '' : INDENT;
    if (current !== '' && prefix.length + current.length + 1 + word.length > width) {
      lines.push(prefix + current);
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  lines.push((lines.length === 0 ? '' : INDENT) + current);
  return lines.join('\n');
}
