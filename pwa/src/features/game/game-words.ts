import { formatCount, lazyFormat } from '#core/dates/calendar-day';
import type { EnemyKind } from '#core/game/rules';

/** How the screen names each enemy. */
export function enemyName(enemy: EnemyKind): string {
  return enemy === 'boss' ? 'boss' : enemy === 'attack' ? 'attack critter' : 'defence critter';
}

const intlPoints = lazyFormat(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));

/**
 * Health and damage as shown: to one decimal place, and only when there is one (39.3, 100), as
 * Intl writes them in en-US. Written here for the numbers a game has: a page's first
 * Intl.NumberFormat costs the board's first render tens of milliseconds on a phone. Like Intl,
 * it rounds the number's shortest decimal form (0.35, not the double just below it) half away from zero.
 */
export function formatPoints(value: number): string {
  const text = String(Math.abs(value));
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15 || text.includes('e')) {
    return intlPoints().format(value);
  }
  const [integer = '0', fraction = ''] = text.split('.');
  let whole = Number(integer);
  let tenth = Number(fraction.charAt(0) || '0');
  if (fraction.charAt(1) >= '5') {
    tenth += 1;
    if (tenth === 10) {
      tenth = 0;
      whole += 1;
    }
  }
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${formatCount(whole)}${tenth === 0 ? '' : `.${String(tenth)}`}`;
}

/** The enemy's name as a caption: 'Boss', 'Attack critter'. */
export function enemyTitle(enemy: EnemyKind): string {
  const name = enemyName(enemy);
  return name.charAt(0).toUpperCase() + name.slice(1);
}
