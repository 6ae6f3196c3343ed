import { CONTACT_EMAIL } from '#core/contact';
import { expect, test, waitForServiceWorker } from './fixtures';
import { forgiveFaviconFailures, goOnline, watchFailedRequests } from './pages/offline-favicon';
import { SomethingNewPage } from './pages/something-new';

/**
 * Something New against the real server, which has no profiles file in its fresh data folder:
 * it shows the fictional sample that ships with the product, and 'Buy Dataset' writes to us.
 */

test('shows a founder, then a different one at every press, labelled as fictional sample data', async ({ page }) => {
  const somethingNew = new SomethingNewPage(page);
  await somethingNew.open();
  await expect(somethingNew.heading()).toBeVisible();
  await expect(page.getByText(/^Stale data: this preview is not maintained/)).toBeVisible();
  await expect(page.getByText(/^Fictional sample data: every founder shown here is made up/)).toBeVisible();

  let shown = await somethingNew.shownName();
  const card = somethingNew.card();
  await expect(card).toHaveAccessibleName(shown);
  await expect(card.getByText(/^@\w+/)).toBeVisible();
  await expect(card.getByText(/\(Fictional sample profile\.\)/)).toBeVisible();
  // The sample's handles are no one's: they link nowhere.
  await expect(card.getByRole('link')).toHaveCount(0);

  for (let press = 0; press < 4; press++) {
    const next = await somethingNew.nextProfile();
    expect(next, `press ${press + 1}`).not.toBe(shown);
    shown = next;
  }

  await expect(somethingNew.buyDataset()).toHaveAttribute('href', new RegExp(`^mailto:${CONTACT_EMAIL}`));
  await expect(page.getByRole('heading', { level: 2, name: 'What is this?' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'From the author’s posts' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 2, name: 'About the author' })).toBeVisible();
  expect(await somethingNew.severeViolations('something new')).toEqual([]);
});

test('offline after a visit: the last profile seen is shown, the others seen stay at hand, the button says a connection is needed, and a new one comes when the connection does', async ({
  page,
  context,
  pageProblems,
}) => {
  const somethingNew = new SomethingNewPage(page);
  await somethingNew.open();
  const first = await somethingNew.shownName();
  const second = await somethingNew.nextProfile();
  expect(second).not.toBe(first);
  await waitForServiceWorker(page);

  const failed = watchFailedRequests(page);
  await context.setOffline(true);
  await page.reload();
  await expect(somethingNew.heading()).toBeVisible();
  await expect(somethingNew.founderName()).toHaveText(second);
  await expect(somethingNew.offlineButton()).toBeDisabled();
  await expect(somethingNew.getRandomButton()).toHaveCount(0);
  await expect(page.getByText('You are offline: showing the profiles you saw before on this device.')).toBeVisible();
  await expect(page.getByText(/^Fictional sample data/)).toBeVisible();

  await expect(somethingNew.seenOnThisDevice()).toHaveText([second, first]);
  await somethingNew.seenOnThisDevice().filter({ hasText: first }).click();
  await expect(somethingNew.founderName()).toHaveText(first);
  expect(await somethingNew.severeViolations('something new offline')).toEqual([]);

  // Back online, a new founder comes without a press (never the one on the card).
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/getOneSomethingNew');
  await goOnline(context);
  expect((await answered).status()).toBe(200);
  await expect(somethingNew.getRandomButton()).not.toHaveAttribute('aria-busy', 'true');
  expect(await somethingNew.shownName()).not.toBe(first);
  forgiveFaviconFailures(failed, pageProblems);
});
