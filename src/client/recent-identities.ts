/**
 * The identities of the records a walk took most recently, for telling a repeat from a new
 * record in bounded memory: a walk of a million records would otherwise keep a million
 * identities. It remembers at least the last `keep` identities added (and at most twice that):
 * two generations, the older one dropped whole when the newer one is full.
 */
export class RecentIdentities {
  private newer = new Set<string | number>();
  private older = new Set<string | number>();

  constructor(private readonly keep: number) {}

  has(identity: string | number): boolean {
    return this.newer.has(identity) || this.older.has(identity);
  }

  add(identity: string | number): void {
    if (this.newer.size >= this.keep) {
      this.older = this.newer;
      this.newer = new Set();
    }
    this.newer.add(identity);
  }
}
