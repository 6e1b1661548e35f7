/**
 * The rows an import has written so far in its transaction, by id, with the line of the file
 * each came from: which rows of the store are this file's own (a payment reference met again
 * on a later line names the line that booked it; the ledger replay tells new events from old),
 * kept in typed arrays outside the JS heap, 12 bytes a row, instead of a map of every row.
 * Ids are stored as written; a lookup sorts them first if a batch came back out of order.
 */
export class StagedRows {
  private ids = new Float64Array(1024);
  private lines = new Uint32Array(1024);
  private size = 0;
  private sorted = true;

  get count(): number {
    return this.size;
  }

  add(id: number, line: number): void {
    if (this.size === this.ids.length) {
      const ids = new Float64Array(this.size * 2);
      ids.set(this.ids);
      const lines = new Uint32Array(this.size * 2);
      lines.set(this.lines);
      this.ids = ids;
      this.lines = lines;
    }
    if (this.size > 0 && id < this.ids[this.size - 1]!) this.sorted = false;
    this.ids[this.size] = id;
    this.lines[this.size] = line;
    this.size++;
  }

  /** Whether the row of this id was written by the import. */
  has(id: number): boolean {
    return this.indexOf(id) >= 0;
  }

  /** The file's line of the row written with this id, or undefined when the import did not write it. */
  lineOf(id: number): number | undefined {
    const at = this.indexOf(id);
    return at < 0 ? undefined : this.lines[at];
  }

  private indexOf(id: number): number {
    if (!this.sorted) this.sort();
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = this.ids[mid]!;
      if (at === id) return mid;
      if (at < id) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  private sort(): void {
    const order = Array.from({ length: this.size }, (_, i) => i).sort((a, b) => this.ids[a]! - this.ids[b]!);
    const ids = new Float64Array(this.ids.length);
    const lines = new Uint32Array(this.lines.length);
    order.forEach((from, to) => {
      ids[to] = this.ids[from]!;
      lines[to] = this.lines[from]!;
    });
    this.ids = ids;
    this.lines = lines;
    this.sorted = true;
  }
}
