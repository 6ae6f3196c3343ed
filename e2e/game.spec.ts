import { randomUUID } from 'node:crypto';
import { ENEMY_TURN_MS } from '#core/game/rules';
import { expect, paths, test, waitForServiceWorker } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { GamePage } from './pages/game';
import { SignInPage } from './pages/sign-in-page';

test('from the intro to the farm, then a critter beaten raises its stat', async ({ page }) => {
  // Eleven rounds or more: the enemy's pauses run on Playwright's clock. 40 s on a quiet machine,
  // 55 s or more on two busy cores (the base commit of stop 21 too).
  test.setTimeout(120_000);
  const game = new GamePage(page, { fakeClock: true });
  await game.installClock();
  await game.open();
  await expect(game.stageHeading('The road to the boss')).toBeVisible();
  await expect(game.stat('Strength')).toHaveText('1');
  await expect(game.stat('Defence')).toHaveText('1');
  const problems = await game.severeViolations('intro');

  await game.button('Face the boss').click();
  await expect(game.health('Boss health')).toContainText('100 / 100');
  // Time stands still while the first round is looked at: on a busy machine the boss's pause
  // ran out on its own before the test had read the player's blow.
  await page.clock.pauseAt(Date.now() + 60_000);
  await game.button('Attack').click();
  // The player's blow first, said in the message; the boss's only after its pause.
  await expect(game.message()).toHaveText('You hit the boss for 2.');
  await expect(game.health('Boss health')).toContainText('98 / 100');
  await expect(game.health('Your health')).toContainText('100 / 100');
  await expect(game.button('Attack')).toBeDisabled();
  await page.clock.runFor(ENEMY_TURN_MS);
  await expect(game.message()).toHaveText('The boss hits you for 39.3.');
  await expect(game.health('Boss health')).toContainText('98 / 100');
  await expect(game.health('Your health')).toContainText('60.7 / 100');
  await page.clock.resume();
  problems.push(...(await game.severeViolations('boss fight')));

  await game.fightOut();
  await expect(game.stageHeading('The farm')).toBeVisible();
  await expect(game.message()).toContainText('The boss knocked you out');
  await expect(game.health('Your health')).toContainText('100 / 100');
  problems.push(...(await game.severeViolations('farm')));

  await game.button('Fight a critter').click();
  await expect(game.health('critter health')).toContainText('10 / 10');
  const attackCritter = await page.getByText('Attack critter health').isVisible();
  await game.fightOut();
  await expect(game.stageHeading('The farm')).toBeVisible();
  await expect(game.stat(attackCritter ? 'Strength' : 'Defence')).toHaveText('3');
  await expect(game.stat(attackCritter ? 'Defence' : 'Strength')).toHaveText('1');
  await expect(game.message()).toContainText(attackCritter ? 'Strength +2, now 3' : 'Defence +2, now 3');
  await expect(game.stat('Critter fights')).toHaveText('1');
  expect(problems).toEqual([]);
});

test('the keyboard alone plays: focus follows the buttons from stage to stage', async ({ page }) => {
  const game = new GamePage(page);
  await game.open();
  await game.button('Face the boss').focus();
  await page.keyboard.press('Enter');
  await expect(game.button('Attack')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(game.message()).toHaveText('The boss hits you for 39.3.');
  await page.keyboard.press('Enter');
  await expect(game.health('Boss health')).toContainText('96 / 100');
});

test('a reload mid-fight continues the same fight', async ({ page }) => {
  const game = new GamePage(page);
  await game.open();
  await game.button('Face the boss').click();
  await game.attack();
  await expect(game.health('Your health')).toContainText('60.7 / 100');
  await page.reload();
  await expect(game.notice('your game continues where you left it')).toBeVisible();
  await expect(game.health('Your health')).toContainText('60.7 / 100');
  await expect(game.health('Boss health')).toContainText('98 / 100');
  await game.attack();
  await expect(game.health('Boss health')).toContainText('96 / 100');
});

test('from a known position (strength 17, stored as the game stores it), the boss is beaten: part 2 is not available, sign up', async ({ page }) => {
  test.setTimeout(60_000);
  const game = new GamePage(page);
  await game.open();
  await game.storeGame('farm', {
    rng: 20_261_124,
    strength: 17,
    defence: 1,
    health: 100,
    enemy: null,
    enemyHealth: 0,
    message: 'You beat the attack critter! Strength +2, now 17.',
    critterFights: 8,
  });
  await expect(game.stat('Strength')).toHaveText('17');
  await game.button('Challenge the boss').click();
  await game.fightOut();
  await expect(game.stageHeading('Part 2 not available')).toBeVisible();
  await expect(game.message()).toHaveText('You beat the boss!');
  expect(await game.severeViolations('finished')).toEqual([]);
  // A finished game stays finished after a reload.
  await page.reload();
  await expect(game.stageHeading('Part 2 not available')).toBeVisible();
  await game.signUpLink().click();
  await expect(page).toHaveURL(paths.signup.href());
});

test('a damaged or old save starts a new game and says so', async ({ page }) => {
  const game = new GamePage(page);
  await game.open();
  await game.storeText('{"version":1,"savedAt":1,"snapshot":"{broken');
  await expect(game.notice('Your saved game could not be read, so a new game has started.')).toBeVisible();
  await expect(game.button('Face the boss')).toBeVisible();
  await game.storeText(JSON.stringify({ version: 0, savedAt: 1, snapshot: '{}' }));
  await expect(game.notice('made by an older version of the game')).toBeVisible();
  await expect(game.stat('Strength')).toHaveText('1');
});

test('offline mid-fight: the page, the fight and its sounds carry on without a network', async ({ page, context }) => {
  // About 30 s on two busy cores, the default limit.
  test.slow();
  const game = new GamePage(page);
  await game.open();
  await waitForServiceWorker(page);
  await game.button('Face the boss').click();
  await game.attack();
  await expect(game.health('Your health')).toContainText('60.7 / 100');

  await context.setOffline(true);
  await page.reload();
  await expect(game.health('Your health')).toContainText('60.7 / 100');
  await game.attack();
  await expect(game.health('Boss health')).toContainText('96 / 100');
  const sounds = await page.evaluate(async () =>
    Promise.all(['pop', 'nudge', 'tweet', 'strike', 'deflate-low', 'wake-up'].map(async (id) => (await fetch(`/humansounds/audio/${id}.mp3`)).status)),
  );
  expect(sounds).toEqual([200, 200, 200, 200, 200, 200]);
});

test('the sound switch is remembered', async ({ page }) => {
  const game = new GamePage(page);
  await game.open();
  await expect(game.soundSwitch()).toHaveAttribute('aria-checked', 'true');
  await game.soundSwitch().click();
  await expect(game.soundSwitch()).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(game.soundSwitch()).toHaveAttribute('aria-checked', 'false');
});

test('signed in, the game syncs: another device continues the same fight', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = `e2e-game-${randomUUID()}@example.test`;
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(email);
  const dashboard = new DashboardPage(page);
  await dashboard.waitForSynced();

  const game = new GamePage(page);
  await game.open();
  await game.button('Face the boss').click();
  await game.attack();
  await expect(game.health('Your health')).toContainText('60.7 / 100');
  // The dashboard says when this device's writes have reached the server. Reached by the app's own
  // link: a full page load could cut the round's save on its way into the device's database.
  await page.getByRole('link', { name: 'Go to Dashboard' }).first().click();
  await expect(page).toHaveURL(paths.dashboard.href());
  await dashboard.waitForSynced();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherSignIn = new SignInPage(otherPage);
  await otherSignIn.open();
  await otherSignIn.signInLocally(email);
  await new DashboardPage(otherPage).waitForSynced();
  const otherGame = new GamePage(otherPage);
  await otherGame.open();
  await expect(otherGame.notice('continues from where you left it on another device')).toBeVisible();
  await expect(otherGame.health('Your health')).toContainText('60.7 / 100');
  await expect(otherGame.health('Boss health')).toContainText('98 / 100');
  await otherGame.attack();
  await expect(otherGame.health('Boss health')).toContainText('96 / 100');
  await other.close();
});
