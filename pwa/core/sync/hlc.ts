/**
 * Hybrid logical clock. A timestamp orders writes across devices even when their clocks
 * disagree: it is the largest wall time seen so far (local or received), plus a counter for
 * events within the same millisecond, plus the node id to break ties.
 *
 * Timestamps are strings whose lexicographic order is their causal order, so the server can
 * store and compare them without parsing. The wall part is whatever "physical now" the caller
 * passes; the client passes its clock corrected by the offset to server time, so a device whose
 * clock is a day off still stamps its writes close to everyone else's.
 */

export type Hlc = string & { readonly __brand: 'Hlc' };

export interface HlcParts {
  readonly wall: number;
  readonly counter: number;
  readonly node: string;
}

const WALL_DIGITS = 15;
const COUNTER_DIGITS = 6;
const MAX_COUNTER = 10 ** COUNTER_DIGITS - 1;
const HLC_PATTERN = /^(\d{15})-(\d{6})-([A-Za-z0-9_-]{1,64})$/;
export const NODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function formatHlc({ wall, counter, node }: HlcParts): Hlc {
  return `${String(wall).padStart(WALL_DIGITS, '0')}-${String(counter).padStart(COUNTER_DIGITS, '0')}-${node}` as Hlc;
}

export function parseHlc(text: string): HlcParts | null {
  const match = HLC_PATTERN.exec(text);
  if (!match) return null;
  return { wall: Number(match[1]), counter: Number(match[2]), node: match[3] ?? '' };
}

export function isHlc(text: string): text is Hlc {
  return HLC_PATTERN.test(text);
}

/** Where the node starts: after the wall digits, a dash, the counter digits and a dash. */
const NODE_START = WALL_DIGITS + 1 + COUNTER_DIGITS + 1;
const DASH = 45;
const DIGIT_ZERO = 48;
const DIGIT_NINE = 57;

/**
 * Whether a text starts like a clock (wall digits, '-', counter digits, '-') and has a node after
 * that, read by position: the server reads the node or wall of every clock of a push (thousands),
 * where a regular expression per clock shows in the profile.
 */
function hasClockLayout(text: string): boolean {
  const counterEnd = WALL_DIGITS + 1 + COUNTER_DIGITS;
  if (text.length <= NODE_START || text.charCodeAt(WALL_DIGITS) !== DASH || text.charCodeAt(counterEnd) !== DASH) return false;
  for (let index = 0; index < counterEnd; index += 1) {
    const code = text.charCodeAt(index);
    if (index !== WALL_DIGITS && (code < DIGIT_ZERO || code > DIGIT_NINE)) return false;
  }
  return true;
}

/** The node of a checked clock, as parseHlc reads it, without a regular expression; '' for a malformed one. */
export function hlcNode(hlc: Hlc): string {
  return hasClockLayout(hlc) ? hlc.slice(NODE_START) : (parseHlc(hlc)?.node ?? '');
}

/** The wall time of a checked clock, as parseHlc reads it (see hlcNode); undefined for a malformed one. */
export function hlcWall(hlc: Hlc): number | undefined {
  return hasClockLayout(hlc) ? Number(hlc.slice(0, WALL_DIGITS)) : parseHlc(hlc)?.wall;
}

export function compareHlc(a: Hlc, b: Hlc): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

export const ZERO_HLC_WALL = 0;

/** The first timestamp of a node that has seen nothing yet. */
export function initialHlc(node: string): HlcParts {
  return { wall: ZERO_HLC_WALL, counter: 0, node };
}

function advance(wall: number, previous: HlcParts, other: HlcParts | null): HlcParts {
  const highest = Math.max(wall, previous.wall, other?.wall ?? 0);
  let counter = 0;
  if (highest === previous.wall && highest === other?.wall) counter = Math.max(previous.counter, other.counter) + 1;
  else if (highest === previous.wall) counter = previous.counter + 1;
  else if (highest === other?.wall) counter = other.counter + 1;
  if (counter > MAX_COUNTER) {
    // A million events in one millisecond: borrow the next millisecond instead of overflowing.
    return { wall: highest + 1, counter: 0, node: previous.node };
  }
  return { wall: highest, counter, node: previous.node };
}

/** The clock after a local event (a write) at physical time `now` (ms). */
export function tick(previous: HlcParts, now: number): HlcParts {
  return advance(Math.floor(now), previous, null);
}

/** The clock after seeing a remote timestamp at physical time `now` (ms). */
export function receive(previous: HlcParts, remote: HlcParts, now: number): HlcParts {
  return advance(Math.floor(now), previous, remote);
}
