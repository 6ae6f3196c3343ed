import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random base-62 string; ids look like Stripe's (`pi_3Q…`), and nothing reads meaning into them. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET.charAt(byte % ALPHABET.length);
  return out;
}

/** The prefixes this service hands out; one place, so a new resource adds its own here. */
export type IdPrefix =
  | 'pi' | 'pm' | 'cus' | 'ch' | 're' | 'evt' | 'req' | 'iar'
  | 'prod' | 'price' | 'sub' | 'si' | 'in' | 'il' | 'inpay' | 'li' | 'cs_test' | 'bps' | 'bpc' | 'clock'
  | 'acct' | 'tr' | 'trr' | 'fee' | 'fr';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomToken(24)}`;
}

/** The id in an expandable field: the id itself, or the expanded object's; null when empty. */
export function idOf(value: string | { readonly id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The prefix of an id this service made (`cs_test_Ab…` → `cs_test`): what kind of object it names. */
export function prefixOf(id: string): string {
  return id.slice(0, Math.max(0, id.lastIndexOf('_')));
}
