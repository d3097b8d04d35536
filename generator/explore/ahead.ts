// Explore stage: how much of a breadth-first search is still ahead, guessed from the sizes of
// its levels so far, so that the search goes parallel where that pays and stays on one thread
// where the workers' start would cost more than they give back (compiled.ts). Levels rise, then
// fall, and the growth from one level to the next falls by about as much each level (on every
// bench spec and on launcher: lock_clients from 1.60 to 1.01 over eleven levels, retry_queue
// from 1.49 to 1.00 over eighteen). So the levels ahead are the current one's size times the
// products of the growths still to come, until they die out or the depth bound comes. The growth
// is taken over three levels, as some specs grow in steps (retry_queue's repeat every third).

/** Levels the growth is measured over; the fall is measured between two such spans. */
const SPAN = 3;

/** The least fall of the growth per level assumed (one that falls slowly still ends). */
const FALL_LEAST = 0.01;

/** Levels ahead summed at most, and the sum past which more says nothing new. */
const MOST_LEVELS = 1000;
const MOST_STATES = 1e12;

/**
 * The states still to expand: `left` of the current level (the last of `sizes`, level by level
 * from the initial state), then the levels to come, at most `levelsLeft` of them. Null while
 * there are too few levels to measure the growth's fall (2 * SPAN + 1), or it does not fall.
 */
export function statesAhead(sizes: readonly number[], left: number, levelsLeft: number): number | null {
  const n = sizes.length;
  if (n < 2 * SPAN + 1) return null;
  const size = (back: number): number => Math.max(1, sizes[n - 1 - back] as number);
  const now = (size(0) / size(SPAN)) ** (1 / SPAN);
  const before = (size(SPAN) / size(2 * SPAN)) ** (1 / SPAN);
  // A growth that does not fall yet says nothing of where it will turn (lease_replicas' grows
  // in steps of two early on): no guess, as with too few levels.
  if (before <= now) return null;
  const fall = Math.max(FALL_LEAST, (before - now) / SPAN);
  let product = 1;
  let sum = 0;
  for (let k = 1; k <= Math.min(levelsLeft, MOST_LEVELS); k++) {
    product *= Math.max(0, now - k * fall);
    sum += product;
    if (product < 1e-3 || sum > MOST_STATES) break;
  }
  return left + size(0) * sum;
}
