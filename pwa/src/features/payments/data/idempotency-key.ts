import { idempotencyKeySchema } from '#core/schemas/payments';
import type { CheckoutProduct } from './charge';

/**
 * The checkout's idempotency key: made when the checkout opens and kept in sessionStorage (per
 * tab, per product), so a reload, a retry or a resubmit after a lost answer charges once. What is
 * read back is validated; anything else is replaced by a new key. Cleared after a success.
 */

const storageKey = (product: CheckoutProduct) => `memento.checkout.${product}.idempotencyKey`;

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): KeyStorage | null {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): the key then lives as long as the page.
    return null;
  }
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** The stored key for this checkout, or a new one (stored). */
export function openIdempotencyKey(product: CheckoutProduct, storage: KeyStorage | null = sessionStore()): string {
  const stored = idempotencyKeySchema.safeParse(storage?.getItem(storageKey(product)));
  if (stored.success) return stored.data;
  return replaceIdempotencyKey(product, storage);
}

/** A new key for a new attempt (after a success, or a payment that definitely did not happen). */
export function replaceIdempotencyKey(product: CheckoutProduct, storage: KeyStorage | null = sessionStore()): string {
  const key = newIdempotencyKey();
  try {
    storage?.setItem(storageKey(product), key);
  } catch {
    // Full or blocked storage: the key still holds for this page.
  }
  return key;
}

/** Forgets the key after a success, so the next purchase is a new order. */
export function forgetIdempotencyKey(product: CheckoutProduct, storage: KeyStorage | null = sessionStore()): void {
  try {
    storage?.removeItem(storageKey(product));
  } catch {
    // Nothing to forget.
  }
}
