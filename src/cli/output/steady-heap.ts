/**
 * A long export's heap kept from growing with its rows. What an export holds alive is a page or
 * two, but V8 grows its young generation each time as much as it holds has survived collections
 * since it last grew, so over enough rows it reaches its maximum (64 MB a semi-space on Node 24);
 * and it lets the old generation fill with promoted garbage up to a limit meant for short
 * programs. While a walk of pages runs, the young generation grows no further than YOUNG_CAP_BYTES and
 * the old generation's next limit is what survived a full collection plus OLD_GROWTH_PERCENT.
 * Both are V8 flags read at each collection (not only at start-up), and both are put back to
 * V8's defaults when the walk ends.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * Both semi-spaces of the young generation together (V8's `new_space`): the size start-up
 * reaches already, so the walk adds nothing to it (smaller caps measured no lower peak).
 */
const YOUNG_CAP_BYTES = 16 * 1024 * 1024;
const OLD_GROWTH_PERCENT = 20;
/** V8's own values of the two flags. */
const DEFAULT_GROWTH_FACTOR = 2;
const DEFAULT_OLD_GROWTH_PERCENT = 0;

export interface SteadyHeap {
  /** Called after each page: once the young generation is near its cap it grows no more. */
  page(): void;
  /** V8's defaults again. */
  end(): void;
}

export function steadyHeap(): SteadyHeap {
  let capped = false;
  setFlagsFromString(`--heap-growing-percent=${OLD_GROWTH_PERCENT}`);
  /** Growth stops at half the cap or more: a doubling may come before the next look. */
  const page = () => {
    if (capped) return;
    const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    if (young === undefined || young.space_size * 2 < YOUNG_CAP_BYTES) return;
    setFlagsFromString('--semi-space-growth-factor=1');
    capped = true;
  };
  page();
  return {
    page,
    end() {
      setFlagsFromString(`--heap-growing-percent=${DEFAULT_OLD_GROWTH_PERCENT}`);
      if (capped) setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
    },
  };
}
