import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Waits for the page's animations that end (a toast fading in; not a spinner) to end. */
async function atRest(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Counts the animations and transitions that start from now on, e.g. a toast arriving mid-scan. */
async function countAnimationStarts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const counter = { starts: 0 };
    const count = () => (counter.starts += 1);
    document.addEventListener('animationstart', count, true);
    document.addEventListener('transitionstart', count, true);
    Object.assign(window, { __animationStarts: counter });
  });
}

const animationStarts = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __animationStarts: { starts: number } }).__animationStarts.starts);

/**
 * Serious and critical axe violations on the page as it is now, as 'where: rule targets' lines.
 * The page is measured at rest: a toast still fading in is half transparent, and axe would
 * measure its contrast as such (endless animations, like a spinner, are not waited for). Where
 * something started moving while axe looked (the offline-ready toast arrives when the service
 * worker is done, at no fixed moment), it looks again once that has settled.
 */
export async function severeViolations(page: Page, where: string): Promise<string[]> {
  await countAnimationStarts(page);
  for (let look = 1; ; look += 1) {
    await atRest(page);
    const before = await animationStarts(page);
    const results = await new AxeBuilder({ page }).analyze();
    if (look < 3 && (await animationStarts(page)) !== before) continue;
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${where}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }
}
