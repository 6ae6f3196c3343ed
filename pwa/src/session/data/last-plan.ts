import { planStateSchema, type PlanState } from '#core/schemas/billing';
import { deviceStorage } from '../../lib/device-storage';

/**
 * The paid plan as the server last described it, kept on the device per account, so an account
 * page opened offline still shows the plan with the time it was checked. Whatever answers with a
 * plan (refreshUser, the billing calls) writes it here; the screens subscribe. Read back through
 * the shared schema: a damaged or outdated copy counts as none.
 *
 * The billing screens import this, and the session's runtime loads it when it has a plan to keep
 * or forget: it ships with the billing screens' code, never in the first page.
 */

type PlanStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'memento.plan.';
const storageKey = (userId: string) => `${PREFIX}${userId}`;
const listeners = new Set<() => void>();

/**
 * The copy this page last read or wrote, so the same text gives back the same object; `stored` is
 * false when storage refused it (blocked or full), and then this copy is the one that counts.
 */
const memory = new Map<string, { readonly text: string; readonly plan: PlanState | null; readonly stored: boolean }>();

function parse(text: string): PlanState | null {
  try {
    const parsed = planStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function storedText(userId: string, storage: PlanStorage | null): string | null {
  const known = memory.get(userId);
  if (storage === null || known?.stored === false) return known?.text ?? null;
  try {
    return storage.getItem(storageKey(userId));
  } catch {
    return known?.text ?? null;
  }
}

/** The last plan known for the account, or null. Stable between writes (usable as a store snapshot). */
export function readLastPlan(userId: string, storage: PlanStorage | null = deviceStorage()): PlanState | null {
  const text = storedText(userId, storage);
  if (text === null) return null;
  const known = memory.get(userId);
  if (known?.text === text) return known.plan;
  const plan = parse(text);
  memory.set(userId, { text, plan, stored: true });
  return plan;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Keeps `plan` as the account's last known plan and tells the screens. */
export function saveLastPlan(userId: string, plan: PlanState, storage: PlanStorage | null = deviceStorage()): void {
  const text = JSON.stringify(plan);
  let stored = false;
  try {
    storage?.setItem(storageKey(userId), text);
    stored = storage !== null;
  } catch {
    // Full or blocked: the copy in memory serves this page.
  }
  memory.set(userId, { text, plan, stored });
  notify();
}

/** Keeps a plan as the server sent it, after checking it; anything else is dropped. */
export function keepPlanFromServer(userId: string, plan: unknown): void {
  const parsed = planStateSchema.safeParse(plan);
  if (parsed.success) saveLastPlan(userId, parsed.data);
}

/** Forgets the account's plan (after a sign-out: the next person on this device must not see it). */
export function forgetLastPlan(userId: string, storage: PlanStorage | null = deviceStorage()): void {
  memory.delete(userId);
  try {
    storage?.removeItem(storageKey(userId));
  } catch {
    // Nothing kept.
  }
  notify();
}

/** Calls back after every change of a kept plan, in this tab or another. */
export function subscribeLastPlan(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  globalThis.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener('storage', onStorage);
  };
}
