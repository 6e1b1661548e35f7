/** One origin of the CORS allow-list (`serve --cors-origin`, config key corsOrigins), checked and normalised. */

/** `https://portal.example.com` from anything the URL parser reads as exactly one origin; throws otherwise. */
export function parseCorsOrigin(value: string): string {
  const expected = `CORS origin "${value}": expected scheme, host and port only, such as https://portal.example.com`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(expected);
  }
  const bare = url.username === '' && url.password === '' && url.pathname === '/' && url.search === '' && url.hash === '';
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare) throw new Error(expected);
  return url.origin;
}

/** Origins from a list separated by commas or spaces (the config key's form), each once, in order. */
export function parseCorsOrigins(list: string): string[] {
  return [
    ...new Set(
      list
        .split(/[\s,]+/)
        .filter((part) => part !== '')
        .map(parseCorsOrigin),
    ),
  ];
}
