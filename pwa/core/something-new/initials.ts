/**
 * The drawn picture of a profile without a usable photo: its initials on a two-colour field
 * whose hues come from the name, so a person always gets the same picture.
 */

/** Up to two letters: the first of the first word and of the last word ('Ada Quill' → 'AQ'). */
export function initialsOf(name: string): string {
  const words = name.split(/[\s\-_.]+/u).filter((word) => /\p{L}|\p{N}/u.test(word));
  const firstLetter = (word: string | undefined) => (word === undefined ? '' : (/[\p{L}\p{N}]/u.exec(word)?.[0] ?? ''));
  const first = firstLetter(words[0]);
  const last = words.length > 1 ? firstLetter(words.at(-1)) : '';
  const initials = `${first}${last}`.toLocaleUpperCase('en-US');
  return initials === '' ? '?' : initials;
}

/** FNV-1a over the UTF-16 units: small, fast and spread well enough for picking a hue. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const SATURATION = 0.5;
/** Dark enough that white initials meet WCAG AA (4.5:1) on every hue (initials.test.ts checks all 360). */
const LIGHTNESS = 0.3;
/** How far round the colour wheel the second colour of the field is. */
const HUE_STEP = 40;

function hex(value: number): string {
  return Math.round(value * 255).toString(16).padStart(2, '0');
}

/** An HSL colour (hue in degrees, the rest 0..1) as #rrggbb. */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1 ? [chroma, x, 0] : h < 2 ? [x, chroma, 0] : h < 3 ? [0, chroma, x] : h < 4 ? [0, x, chroma] : h < 5 ? [x, 0, chroma] : [chroma, 0, x];
  const m = lightness - chroma / 2;
  return `#${hex(r + m)}${hex(g + m)}${hex(b + m)}`;
}

export interface InitialsArt {
  readonly initials: string;
  /** The field's two colours, drawn as a diagonal gradient. */
  readonly from: string;
  readonly to: string;
  /** The letters' colour. */
  readonly ink: string;
}

export function initialsArt(name: string): InitialsArt {
  const hue = hashOf(name.trim().toLowerCase()) % 360;
  return {
    initials: initialsOf(name),
    from: hslToHex(hue, SATURATION, LIGHTNESS),
    to: hslToHex(hue + HUE_STEP, SATURATION, LIGHTNESS),
    ink: '#ffffff',
  };
}

/** Exposed for the test of every hue. */
export const INITIALS_FIELD = { saturation: SATURATION, lightness: LIGHTNESS } as const;
