/**
 * The names closest to one that was not found, closest first, for "no X named Y" messages:
 * a newcomer who typed `Town` sees `"Town store"` first, not an alphabetical list to search.
 */

/** Up to `max` candidates, closest to `wanted` first (case ignored): starts alike, then contains, then edit distance. */
export function closestFirst(wanted: string, candidates: Iterable<string>, max = 5): string[] {
  const target = wanted.trim().toLowerCase();
  const scored = [...new Set(candidates)].map((name) => ({ name, score: distance(target, name.toLowerCase()) }));
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, max).map((entry) => entry.name);
}

/** `; known: "Town store", "Mall store"` (closest first, `...` when there are more), or `; there are none yet`. */
export function candidatesNote(wanted: string, candidates: Iterable<string>, what = 'known', max = 5): string {
  const all = [...new Set(candidates)];
  if (all.length === 0) return '; there are none yet';
  const shown = closestFirst(wanted, all, max).map((name) => JSON.stringify(name));
  return `; ${what}: ${shown.join(', ')}${all.length > max ? ', ...' : ''}`;
}

function distance(target: string, name: string): number {
  if (name === target) return 0;
  if (name.startsWith(target) || target.startsWith(name)) return 1;
  if (name.includes(target) || target.includes(name)) return 2;
  return 3 + levenshtein(target, name);
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
