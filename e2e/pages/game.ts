import { expect, type Locator, type Page } from '@playwright/test';
import { paths } from '#core/paths';
import { ENEMY_TURN_MS } from '#core/game/rules';
import { GAME_SAVE_STORAGE_KEY, toSaveRecord, type GameContext } from '#core/game/save';
import { severeViolations } from './accessibility';

/** The blob game (/bestgame), by role and label. */
export class GamePage {
  /**
   * With `fakeClock`, the page's timers run on Playwright's clock (installed before the page
   * opens): each round then moves time on by the enemy's pause instead of waiting it out.
   */
  constructor(
    private readonly page: Page,
    private readonly options: { readonly fakeClock: boolean } = { fakeClock: false },
  ) {}

  async installClock(): Promise<void> {
    if (this.options.fakeClock) await this.page.clock.install();
  }

  async open(): Promise<void> {
    await this.page.goto(paths.bestGame.href());
    await expect(this.heading()).toBeVisible();
    // The page comes written as a new game; it takes presses once the app has taken it over.
    await expect(this.page.locator('#root')).not.toHaveAttribute('inert');
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'The blob game' });
  }

  stageHeading(name: string): Locator {
    return this.page.getByRole('heading', { level: 2, name });
  }

  /** The round's message (a live region). */
  message(): Locator {
    return this.page.getByRole('status', { name: 'What happened' });
  }

  notice(text: string | RegExp): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  button(name: 'Face the boss' | 'Attack' | 'Fight a critter' | 'Challenge the boss' | 'Play again'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  signUpLink(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true });
  }

  soundSwitch(): Locator {
    return this.page.getByRole('switch', { name: 'Sound' });
  }

  /** The numbers of a health bar, e.g. health('Your health') has text '60.7 / 100'. */
  health(label: string): Locator {
    return this.page.getByRole('figure').locator('p').filter({ hasText: label });
  }

  /** A stat's value, e.g. stat('Strength'). */
  stat(name: 'Strength' | 'Defence' | 'Critter fights'): Locator {
    return this.page.locator(`dt:text-is("${name}") + dd`);
  }

  /** Presses Attack once it can be pressed (not during the enemy's turn). */
  async attack(): Promise<void> {
    await expect(this.button('Attack')).toBeEnabled();
    await this.button('Attack').click();
    if (this.options.fakeClock) await this.page.clock.runFor(ENEMY_TURN_MS);
  }

  /** Attacks until the fight is over, i.e. the farm's buttons (or the finished screen) show. */
  async fightOut(): Promise<void> {
    const over = this.button('Fight a critter').or(this.stageHeading('Part 2 not available'));
    const ready = this.page.locator('button:not([aria-disabled])').filter({ hasText: /^Attack$/ });
    for (let round = 0; round < 20; round += 1) {
      await expect(ready.or(over).first()).toBeVisible();
      if (await over.first().isVisible()) return;
      await ready.click();
      if (this.options.fakeClock) await this.page.clock.runFor(ENEMY_TURN_MS);
    }
    await expect(over.first()).toBeVisible();
  }

  /**
   * Puts a game on this device through the product's own storage, as the game saves it, and
   * reloads: the page continues that game.
   */
  async storeGame(value: string | Record<string, string>, context: GameContext): Promise<void> {
    const snapshot = { status: value === 'finished' ? 'done' : 'active', value, context, children: {}, historyValue: {} };
    const record = toSaveRecord(snapshot, Date.now());
    await this.page.evaluate(([key, text]) => localStorage.setItem(key, text), [GAME_SAVE_STORAGE_KEY, JSON.stringify(record)] as const);
    await this.page.reload();
    await expect(this.heading()).toBeVisible();
  }

  async storeText(text: string): Promise<void> {
    await this.page.evaluate(([key, value]) => localStorage.setItem(key, value), [GAME_SAVE_STORAGE_KEY, text] as const);
    await this.page.reload();
    await expect(this.heading()).toBeVisible();
  }

  /** Serious and critical axe violations on the page as it is now (see accessibility.ts). */
  severeViolations(where: string): Promise<string[]> {
    return severeViolations(this.page, where);
  }
}
