import { expect, paths, test } from './fixtures';
import { newDataDir, startServer, type RunningServer } from './bench/server';
import { PassPage } from './pages/pass-page';

/**
 * /pay in stripe mode (real keys configured): the page loads Stripe.js from js.stripe.com and
 * mounts the Payment Element; the test mode's banner and card field are gone. Stripe cannot be
 * reached from here, so a second server is started with test-shaped keys (it calls Stripe only
 * when charging, which this test does not do) and Stripe.js is answered by a stub that records
 * what the page asks of it and mounts a frame from js.stripe.com, as the real one does. The
 * browser still applies the server's Content-Security-Policy to the stub's script and frame:
 * a refusal would be logged, and logged errors fail the test.
 */

const PUBLISHABLE_KEY = 'pk_test_e2e_stripe_mode';
const STRIPE_JS = 'https://js.stripe.com/v3';
const ELEMENT_FRAME = 'https://js.stripe.com/v3/elements-inner-payment-e2e.html';

/** Records every call on `window.stripeStub`; the element's frame stands in for Stripe's card inputs. */
const STUB = `
window.stripeStub = { keys: [], elements: [], created: [] };
window.Stripe = function (key) {
  window.stripeStub.keys.push(key);
  return {
    elements: function (options) {
      window.stripeStub.elements.push(options);
      return {
        create: function (type) {
          window.stripeStub.created.push(type);
          var frame = document.createElement('iframe');
          frame.src = ${JSON.stringify(ELEMENT_FRAME)};
          frame.title = 'Secure payment input frame';
          return { mount: function (host) { host.append(frame); }, destroy: function () { frame.remove(); }, on: function () {} };
        },
        submit: function () { return Promise.resolve({}); },
      };
    },
    createPaymentMethod: function () { return Promise.resolve({ error: { message: 'stub' } }); },
  };
};`;

let server: RunningServer;
test.beforeAll(async () => {
  // A new data folder is migrated on the first start: on 2 busy cores that took over 30 s once.
  test.setTimeout(120_000);
  server = await startServer(newDataDir(), 90_000, {
    STRIPE_SECRET_KEY: 'sk_test_e2e_stripe_mode',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e_stripe_mode',
  });
});
test.afterAll(() => server.stop());

test('stripe mode: /pay reached from the home page loads Stripe.js and mounts the Payment Element', async ({ page }) => {
  const stripeRequests: string[] = [];
  await page.route('https://js.stripe.com/**', async (route) => {
    const url = route.request().url();
    stripeRequests.push(url);
    if (url === STRIPE_JS) await route.fulfill({ contentType: 'text/javascript', body: STUB });
    else if (url === ELEMENT_FRAME) await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>card</title><p>Card inputs (stub)</p>' });
    else await route.abort();
  });

  // The buyer opens the home page: its document's policy is the one /pay runs under after a
  // client-side navigation, and nothing of Stripe loads there.
  const home = await page.goto(`${server.url}${paths.home.href()}`);
  expect(home?.headers()['content-security-policy']).toContain('https://js.stripe.com');
  await expect(page.getByRole('main')).toBeVisible();
  // The page comes written in its HTML; the app takes it over a moment later, and only then
  // follows a change of address (before, the app's first render would not match the page).
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  expect(stripeRequests).toEqual([]);
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, paths.pay.href());

  const pass = new PassPage(page);
  await expect(pass.heading()).toBeVisible();
  const element = page.frameLocator('iframe[title="Secure payment input frame"]');
  await expect(element.getByText('Card inputs (stub)')).toBeVisible();
  expect(stripeRequests).toEqual([STRIPE_JS, ELEMENT_FRAME]);
  const calls = await page.evaluate(() => (window as unknown as { stripeStub: unknown }).stripeStub);
  expect(calls).toEqual({
    keys: [PUBLISHABLE_KEY],
    elements: [{ mode: 'payment', amount: 2000, currency: 'usd', paymentMethodCreation: 'manual' }],
    created: ['payment'],
  });
  // Stripe's element replaces the test mode's own card field and banner.
  await expect(page.getByRole('group', { name: 'Card (test mode)' })).toHaveCount(0);
  await expect(pass.testModeBanner()).toHaveCount(0);
  await expect(pass.buyButton()).toBeEnabled();
});
