import type { EnemyKind } from '#core/game/rules';

/** How the screen names each enemy. */
export function enemyName(enemy: EnemyKind): string {
  return enemy === 'boss' ? 'boss' : enemy === 'attack' ? 'attack critter' : 'defence critter';
}

const points = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Health and damage as shown: to one decimal place, and only when there is one (39.3, 100). */
export function formatPoints(value: number): string {
  return points.format(value);
}

/** The enemy's name as a caption: 'Boss', 'Attack critter'. */
export function enemyTitle(enemy: EnemyKind): string {
  const name = enemyName(enemy);
  return name.charAt(0).toUpperCase() + name.slice(1);
}
