/** What the CLI says before an existing local store is upgraded to this version's schema. */

/** Says on stderr that the store is being upgraded, once, before the (possibly long) work. */
export function upgradeNotice(say: (message: string) => void, file: string): (pending: readonly string[]) => void {
  return (pending) => say(`upgrading the local store ${file} to schema ${pending.at(-1)} (once per new version; a large store takes some seconds)`);
}
