import { PLAYER_MAX_HEALTH, type EnemyKind } from './rules';

/**
 * How a game in progress is kept: on the device (local storage) and, for a signed-in person, as
 * the `state` field of the synced `gameProgress` record, both in this one shape. The machine's
 * persisted snapshot travels as JSON text inside it, with the save format's version beside it, so
 * a save from another version is recognised before anything in it is trusted.
 *
 * Checked by hand, not with the schema library: the game's page is public and should not carry it.
 */

/** Bump when the machine's states or context change shape; older saves then start a new game. */
export const GAME_SAVE_VERSION = 1;

/** The local-storage key of this device's save. */
export const GAME_SAVE_STORAGE_KEY = 'memento-game';

/** The save, as stored (a flat record of primitives, as the `gameProgress` record takes it). */
export interface GameSaveRecord {
  readonly version: number;
  /** When it was saved (ms since the epoch): the newer of two saves wins. */
  readonly savedAt: number;
  /** The machine's persisted snapshot, as JSON. */
  readonly snapshot: string;
}

/** The game's context, as the machine keeps it and a save carries it. */
export interface GameContext {
  /** The seeded generator's state (see random.ts). */
  readonly rng: number;
  readonly strength: number;
  readonly defence: number;
  readonly health: number;
  /** The enemy in the current fight, or null outside a fight. */
  readonly enemy: EnemyKind | null;
  readonly enemyHealth: number;
  /** The last thing that happened, as the screen says it. */
  readonly message: string;
  /** Critter fights started in this game. */
  readonly critterFights: number;
}

/** The states a save may be in: only those at rest, where no timer is running. */
export const RESTING_STATES = ['intro', 'bossFight.ready', 'critterFight.ready', 'farm', 'finished'] as const;
export type RestingState = (typeof RESTING_STATES)[number];

export type SaveReading =
  | { readonly kind: 'none' }
  | { readonly kind: 'outdated' }
  | { readonly kind: 'damaged' }
  | { readonly kind: 'ok'; readonly savedAt: number; readonly state: RestingState; readonly snapshot: PersistedGame };

/** The parts of XState's persisted snapshot the game relies on. */
export interface PersistedGame {
  readonly status: 'active' | 'done';
  readonly value: string | Readonly<Record<string, string>>;
  readonly context: GameContext;
  readonly [other: string]: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const stat = (value: unknown): value is number => finite(value) && value >= 0 && value <= 10_000;

function isContext(value: unknown): value is GameContext {
  if (!isRecord(value)) return false;
  const { rng, strength, defence, health, enemy, enemyHealth, message, critterFights } = value;
  return (
    finite(rng) &&
    Number.isInteger(rng) &&
    rng >= 0 &&
    rng < 2 ** 32 &&
    stat(strength) &&
    stat(defence) &&
    finite(health) &&
    health <= PLAYER_MAX_HEALTH &&
    (enemy === null || enemy === 'boss' || enemy === 'attack' || enemy === 'defence') &&
    finite(enemyHealth) &&
    typeof message === 'string' &&
    message.length <= 500 &&
    finite(critterFights) &&
    critterFights >= 0
  );
}

/** The dotted name of a state value ('farm', 'bossFight.ready'), or null for another shape. */
function stateName(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return null;
  const entries = Object.entries(value);
  if (entries.length !== 1) return null;
  const [parent, child] = entries[0] ?? [];
  return typeof parent === 'string' && typeof child === 'string' ? `${parent}.${child}` : null;
}

function restingState(value: unknown): RestingState | null {
  const name = stateName(value);
  return RESTING_STATES.find((state) => state === name) ?? null;
}

/** Makes the stored form of a snapshot taken at `savedAt`. */
export function toSaveRecord(snapshot: unknown, savedAt: number): GameSaveRecord {
  return { version: GAME_SAVE_VERSION, savedAt, snapshot: JSON.stringify(snapshot) };
}

/**
 * Reads a stored save (from local storage or the synced record) without trusting it: another
 * version's save is 'outdated', anything that does not hold a game at rest is 'damaged'.
 */
export function readSaveRecord(stored: unknown): SaveReading {
  if (stored === null || stored === undefined) return { kind: 'none' };
  if (!isRecord(stored)) return { kind: 'damaged' };
  if (stored.version !== GAME_SAVE_VERSION) return finite(stored.version) ? { kind: 'outdated' } : { kind: 'damaged' };
  const { savedAt, snapshot } = stored;
  if (!finite(savedAt) || typeof snapshot !== 'string') return { kind: 'damaged' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(snapshot);
  } catch {
    return { kind: 'damaged' };
  }
  if (!isRecord(parsed) || !isContext(parsed.context)) return { kind: 'damaged' };
  const state = restingState(parsed.value);
  const expectedStatus = state === 'finished' ? 'done' : 'active';
  if (state === null || parsed.status !== expectedStatus) return { kind: 'damaged' };
  return { kind: 'ok', savedAt, state, snapshot: parsed as PersistedGame };
}

/** Reads the local-storage text of a save; text that is not JSON is 'damaged'. */
export function readSaveText(text: string | null): SaveReading {
  if (text === null) return { kind: 'none' };
  try {
    return readSaveRecord(JSON.parse(text));
  } catch {
    return { kind: 'damaged' };
  }
}
