import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_NAME_MAX } from '#core/experts/site-name';
import { NOT_TAKING_BOOKINGS } from '#core/experts/messages';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { readWrittenPageData, WRITTEN_DATA_ID } from '#core/written-page-data';
import { PAGE_RENDER_FILE, RENDER_DIR } from '../../http/page-renderer.ts';
import {
  checkSiteNameResponseSchema,
  expertDashboardResponseSchema,
  expertPageResponseSchema,
  expertResponseSchema,
  stripeInfoResponseSchema,
} from '#core/schemas/expert';
import { useTestDatabase } from '../../testing/database.ts';
import { createTestUser, type TestUser } from '../../testing/users.ts';
import { newIdempotencyKey, servePayments, type PaymentsServer } from '../payments/testing.ts';
import { SITE_NAME_CHECKS_PER_USER } from './router.ts';
import { addExpert, call, expertFields, onboard } from './testing.ts';

/**
 * Expert pages over the real HTTP API: the page and its name rules, the Connect onboarding on the
 * local Stripe (its page, its `account.updated` webhook), the public page, and bad input.
 */
const database = useTestDatabase();
let app: PaymentsServer;
let publicDir: string;
let users = 0;

async function newUser(): Promise<TestUser> {
  users += 1;
  return createTestUser(database().sql, `expert${users}@example.test`);
}

async function errorOf(response: Response): Promise<string> {
  return apiErrorBodySchema.parse(await response.json()).error;
}

beforeAll(async () => {
  publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'experts-og-'));
  await fs.writeFile(
    path.join(publicDir, 'index.html'),
    '<!doctype html><html><head><title>Memento</title>\n<meta property="og:title" content="Memento" />\n<meta property="og:description" content="The product" /></head><body><div class="boot" aria-hidden="true"></div></body></html>',
  );
  app = await servePayments(database().sql, { PUBLIC_DIR: publicDir, PUBLIC_ORIGIN: 'https://memento.example' });
});
afterAll(async () => {
  await app.close();
  await fs.rm(publicDir, { recursive: true, force: true });
});

describe('making a page', () => {
  it('creates the page once, stores the rate in cents, and answers a retry of the same name with it', async () => {
    const user = await newUser();
    const expert = await addExpert(app, user, expertFields('JaneDoe', { rate: 45.5 }));
    expect(expert).toMatchObject({ siteName: 'JaneDoe', rate: 45.5, rateCents: 4550, stripeAccountId: null, chargesEnabled: false });
    const again = await call(app, 'POST', '/api/addExpert', user, expertFields('janedoe'));
    expect(again.status).toBe(200);
    expect(expertResponseSchema.parse(await again.json()).expert.siteName).toBe('JaneDoe');
    const other = await call(app, 'POST', '/api/addExpert', user, expertFields('SomeoneElse'));
    expect(other.status).toBe(409);
    expect(await errorOf(other)).toBe('ALREADY_EXPERT');
    const dashboard = await call(app, 'GET', '/api/expert/dashboard', user);
    expect(expertDashboardResponseSchema.parse(await dashboard.json()).item).toMatchObject({ siteName: 'JaneDoe', rateCents: 4550 });
  });

  it('tells a person without a page that they have none', async () => {
    const user = await newUser();
    const dashboard = await call(app, 'GET', '/api/expert/dashboard', user);
    expect(expertDashboardResponseSchema.parse(await dashboard.json())).toEqual({ item: null });
    const update = await call(app, 'POST', '/api/updateExpert', user, expertFields('Nobody'));
    expect(update.status).toBe(404);
    expect(await errorOf(update)).toBe('NOT_AN_EXPERT');
  });

  it('refuses a name another expert has, in any case, with SITE_NAME_TAKEN', async () => {
    await addExpert(app, await newUser(), expertFields('TakenName'));
    const response = await call(app, 'POST', '/api/addExpert', await newUser(), expertFields('TAKENNAME'));
    expect(response.status).toBe(409);
    expect(apiErrorBodySchema.parse(await response.json())).toMatchObject({ error: 'SITE_NAME_TAKEN', message: 'This site is unavailable, please try another' });
  });

  it('gives a name two experts ask for at once to exactly one of them', async () => {
    const racers = await Promise.all(Array.from({ length: 4 }, () => newUser()));
    const answers = await Promise.all(racers.map((user, index) => call(app, 'POST', '/api/addExpert', user, expertFields(index % 2 === 0 ? 'RaceName' : 'racename'))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.status === 409)) expect(await errorOf(answer)).toBe('SITE_NAME_TAKEN');
    const [row] = await database().sql<{ count: number }[]>`select count(*)::int as count from experts where lower(site_name) = 'racename'`;
    expect(row?.count).toBe(1);
  });

  it('refuses names the product uses with SITE_NAME_RESERVED', async () => {
    for (const name of ['dashboard', 'Expert', 'api', 'HumanSounds']) {
      const response = await call(app, 'POST', '/api/addExpert', await newUser(), expertFields(name));
      expect(response.status, name).toBe(400);
      expect(await errorOf(response)).toBe('SITE_NAME_RESERVED');
    }
  });

  it('answers bad input with 400 and a code, never 500', async () => {
    const user = await newUser();
    const bad: unknown[] = [
      expertFields('Jane Doe'),
      expertFields('a'.repeat(SITE_NAME_MAX + 1)),
      expertFields('Okname', { yourName: 'x'.repeat(101) }),
      expertFields('Okname', { yourBio: 'x'.repeat(301) }),
      { ...expertFields('Okname'), theVerb: 'Dance' },
      expertFields('Okname', { rate: 0.5 }),
      expertFields('Okname', { rate: 20.001 }),
      expertFields('Okname', { rate: 5_000 }),
      { ...expertFields('Okname'), rate: '20' },
      { ...expertFields('Okname'), helpList: 'React' },
      expertFields('Okname', { yourName: 'Nul\u0000' }),
      [],
      'just text',
    ];
    for (const body of bad) {
      const response = await call(app, 'POST', '/api/addExpert', user, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(['INVALID_REQUEST', 'INVALID_TEXT', 'INVALID_JSON']).toContain(await errorOf(response));
    }
    const dashboard = await call(app, 'GET', '/api/expert/dashboard', user);
    expect(expertDashboardResponseSchema.parse(await dashboard.json()).item).toBeNull();
  });

  it('keeps HTML in the texts as text', async () => {
    const user = await newUser();
    await addExpert(app, user, expertFields('HtmlFan', { yourName: '<b>Bold</b> & co', yourBio: '<script>alert(1)</script>', helpList: ['<img src=x onerror=alert(1)>'] }));
    const page = await call(app, 'GET', '/api/expert/page/HtmlFan');
    expect(expertPageResponseSchema.parse(await page.json()).item).toMatchObject({
      yourName: '<b>Bold</b> & co',
      yourBio: '<script>alert(1)</script>',
      helpList: ['<img src=x onerror=alert(1)>'],
    });
  });

  it('updates the page, a new free name included, and refuses another expert’s name', async () => {
    const user = await newUser();
    await addExpert(app, user, expertFields('BeforeName'));
    await addExpert(app, await newUser(), expertFields('OthersName'));
    const updated = await call(app, 'POST', '/api/updateExpert', user, expertFields('AfterName', { yourBio: 'New bio', rate: 30 }));
    expect(updated.status).toBe(200);
    expect(expertResponseSchema.parse(await updated.json()).expert).toMatchObject({ siteName: 'AfterName', yourBio: 'New bio', rateCents: 3000 });
    const taken = await call(app, 'POST', '/api/updateExpert', user, expertFields('othersname'));
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toBe('SITE_NAME_TAKEN');
    expect((await call(app, 'GET', '/api/expert/page/BeforeName')).status).toBe(404);
  });
});

describe('checking a site name', () => {
  async function check(user: TestUser, name: string) {
    const response = await call(app, 'GET', `/api/expert/checkSiteName/${encodeURIComponent(name)}`, user);
    expect(response.status).toBe(200);
    return checkSiteNameResponseSchema.parse(await response.json());
  }

  it('strips the name, and says taken for another’s name in any case, free for one’s own, reserved for the product’s', async () => {
    const owner = await newUser();
    await addExpert(app, owner, expertFields('CheckedName'));
    const other = await newUser();
    expect(await check(other, 'checked-name!')).toEqual({ alreadyExists: true, siteName: 'checkedname', reason: 'taken' });
    expect(await check(owner, 'CHECKEDNAME')).toEqual({ alreadyExists: false, siteName: 'CHECKEDNAME', reason: null });
    expect(await check(other, 'Fresh Name 2')).toEqual({ alreadyExists: false, siteName: 'FreshName', reason: null });
    expect(await check(other, 'tools')).toEqual({ alreadyExists: true, siteName: 'tools', reason: 'reserved' });
    expect(await check(other, '1234')).toEqual({ alreadyExists: true, siteName: '', reason: 'invalid' });
  });

  it('cannot be used to list names faster than its limit', async () => {
    const user = await newUser();
    for (let index = 0; index < SITE_NAME_CHECKS_PER_USER.max; index += 1) await check(user, `Name${'a'.repeat(index % 5)}`);
    const refused = await call(app, 'GET', '/api/expert/checkSiteName/Another', user);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe('RATE_LIMITED');
  });
});

describe('payments onboarding on the local Stripe', () => {
  it('makes one Express account, sends the expert to the labelled test page and back, and turns charges on from the webhook', async () => {
    const user = await newUser();
    await addExpert(app, user, expertFields('OnboardMe'));
    const first = await call(app, 'POST', '/api/createStripeAccount', user, { junk: true });
    const second = await call(app, 'POST', '/api/createStripeAccount', user, {});
    const { stripeAccountId } = (await first.json()) as { stripeAccountId: string };
    expect(((await second.json()) as { stripeAccountId: string }).stripeAccountId).toBe(stripeAccountId);
    const account = await app.stripe.accounts.retrieve(stripeAccountId);
    expect(account).toMatchObject({ type: 'express', charges_enabled: false, email: user.email });

    const info = async () => stripeInfoResponseSchema.parse(await (await call(app, 'GET', `/api/expert/stripeInfo/${stripeAccountId}`, user)).json());
    expect((await info()).account.charges_enabled).toBe(false);
    const page = await call(app, 'GET', '/api/expert/page/OnboardMe');
    expect(expertPageResponseSchema.parse(await page.json()).item.acceptingBookings).toBe(false);
    const refused = await call(app, 'POST', '/api/expert/getPaymentIntent/OnboardMe', undefined, {
      name: 'Visitor',
      email: 'visitor@example.test',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: newIdempotencyKey(),
    });
    expect(refused.status).toBe(409);
    expect(apiErrorBodySchema.parse(await refused.json())).toMatchObject({ error: 'NOT_ACCEPTING_CHARGES', message: NOT_TAKING_BOOKINGS });

    const { returnedTo } = await onboard(app, user);
    expect(returnedTo).toBe(`${app.server.url}/expert/dashboard`);
    // The flag moves when the provider's webhook says so.
    const before = await call(app, 'GET', '/api/expert/dashboard', user);
    expect(expertDashboardResponseSchema.parse(await before.json()).item?.chargesEnabled).toBe(false);
    await app.deliverWebhooks();
    const after = await call(app, 'GET', '/api/expert/dashboard', user);
    expect(expertDashboardResponseSchema.parse(await after.json()).item?.chargesEnabled).toBe(true);
    expect((await info()).account).toMatchObject({ charges_enabled: true, details_submitted: true });
    const open = await call(app, 'GET', '/api/expert/page/onboardme');
    expect(expertPageResponseSchema.parse(await open.json()).item.acceptingBookings).toBe(true);
  });

  it('sends a used onboarding link to its refresh address, as Stripe does', async () => {
    const user = await newUser();
    await addExpert(app, user, expertFields('UsedLink'));
    const linked = await call(app, 'POST', '/api/createAccountLink', user, {});
    const { accountLinks } = (await linked.json()) as { accountLinks: { url: string } };
    await fetch(accountLinks.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=leave' });
    const again = await fetch(accountLinks.url, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${app.server.url}/expert/dashboard`);
    await app.deliverWebhooks();
    const dashboard = await call(app, 'GET', '/api/expert/dashboard', user);
    expect(expertDashboardResponseSchema.parse(await dashboard.json()).item?.chargesEnabled).toBe(false);
  });

  it('refuses another expert’s account id', async () => {
    const owner = await newUser();
    await addExpert(app, owner, expertFields('AccountOwner'));
    const { stripeAccountId } = (await (await call(app, 'POST', '/api/createStripeAccount', owner, {})).json()) as { stripeAccountId: string };
    const other = await newUser();
    await addExpert(app, other, expertFields('AccountPeeker'));
    for (const response of [
      await call(app, 'GET', `/api/expert/stripeInfo/${stripeAccountId}`, other),
      await call(app, 'POST', '/api/createAccountLink', other, { stripeAccountId }),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain('AccountOwner');
    }
  });
});

describe('the public page', () => {
  it('shows the public fields only: never the account, the user or the e-mail', async () => {
    const user = await newUser();
    await addExpert(app, user, expertFields('PublicFace', { yourName: 'Pat Public' }));
    const { stripeAccountId } = (await (await call(app, 'POST', '/api/createStripeAccount', user, {})).json()) as { stripeAccountId: string };
    const response = await call(app, 'GET', '/api/expert/page/PUBLICFACE');
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(Object.keys(expertPageResponseSchema.parse(JSON.parse(text)).item).sort()).toEqual(
      ['acceptingBookings', 'helpList', 'rate', 'rateCents', 'siteName', 'theVerb', 'yourBio', 'yourName'],
    );
    for (const secret of [stripeAccountId, user.userId, user.email]) expect(text).not.toContain(secret);
  });

  it('answers an unknown name with EXPERT_NOT_FOUND', async () => {
    for (const name of ['NoSuchExpert', '1234', encodeURIComponent('<x>')]) {
      const response = await call(app, 'GET', `/api/expert/page/${name}`);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe('EXPERT_NOT_FOUND');
    }
  });

  it('is written whole by the build’s renderer with the expert, whom the HTML carries for the app, and again after an edit', async () => {
    // A build of its own: the renderer sits beside the browser's files, as `npm run build` writes it.
    const build = await fs.mkdtemp(path.join(os.tmpdir(), 'experts-written-'));
    const browserDir = path.join(build, 'pwa');
    await fs.mkdir(browserDir);
    await fs.mkdir(path.join(build, RENDER_DIR));
    await fs.writeFile(
      path.join(browserDir, 'index.html'),
      '<!doctype html><html><head><title>Memento</title></head><body><div id="root"><div class="boot" aria-hidden="true">Memento</div></div></body></html>',
    );
    // A stand-in renderer that shows whom it was given.
    await fs.writeFile(
      path.join(build, RENDER_DIR, PAGE_RENDER_FILE),
      'export async function renderPage({ data }) { return \'<main data-expert="\' + encodeURIComponent(data?.publicExpert?.yourName ?? \'nobody\') + \'"></main>\'; }',
    );
    const written = await servePayments(database().sql, { PUBLIC_DIR: browserDir, PUBLIC_ORIGIN: 'https://memento.example' });
    try {
      const user = await newUser();
      await addExpert(written, user, expertFields('WrittenWhole', { yourName: 'Ann </script><!-- Lee' }));
      const html = await (await fetch(`${written.server.url}/ex/WrittenWhole`)).text();
      expect(html).toContain(`<div id="root" inert data-written-day="`);
      expect(html).toContain(`<main data-expert="${encodeURIComponent('Ann </script><!-- Lee')}"></main>`);
      // The expert as the API answers, in a data element that no name can end early.
      const carried = new RegExp(`<script type="application/json" id="${WRITTEN_DATA_ID}">([^<]*)</script>`).exec(html)?.[1];
      const api = (await (await fetch(`${written.server.url}/api/expert/page/WrittenWhole`)).json()) as { item: unknown };
      expect(readWrittenPageData(carried)).toEqual({ publicExpert: api.item });

      await call(written, 'POST', '/api/updateExpert', user, expertFields('WrittenWhole', { yourName: 'Ann Lee' }));
      expect(await (await fetch(`${written.server.url}/ex/WrittenWhole`)).text()).toContain('<main data-expert="Ann%20Lee"></main>');
      // An unknown name: the usual shell, nothing written.
      const unknown = await (await fetch(`${written.server.url}/ex/NobodyHere`)).text();
      expect(unknown).not.toContain('data-expert');
      expect(unknown).not.toContain(WRITTEN_DATA_ID);
    } finally {
      await written.close();
      await fs.rm(build, { recursive: true, force: true });
    }
  });

  it('serves the expert’s own link-preview tags, escaped, and the usual page for unknown names', async () => {
    await addExpert(app, await newUser(), expertFields('PreviewMe', { yourName: 'Ann "Quotes" <Lee>', theVerb: 'Tutor', yourBio: 'Maths & <physics>' }));
    const page = await fetch(`${app.server.url}/ex/PreviewMe`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<title>Ann &quot;Quotes&quot; &lt;Lee&gt; · Tutor · Memento</title>');
    expect(html).toContain('<meta property="og:title" content="Ann &quot;Quotes&quot; &lt;Lee&gt; · Tutor · Memento" />');
    expect(html).toContain('<meta property="og:description" content="Maths &amp; &lt;physics&gt;" />');
    expect(html).toContain('<meta property="og:url" content="https://memento.example/ex/PreviewMe" />');
    expect(html).not.toContain('content="Memento"');
    expect(html).not.toContain('<physics>');
    // The greeting is in the page before any script runs.
    expect(html).toContain('<h1>Hi, there! I&#39;m Ann &quot;Quotes&quot; &lt;Lee&gt;</h1><p>Maths &amp; &lt;physics&gt;</p>');
    const unknown = await (await fetch(`${app.server.url}/ex/NobodyHere`)).text();
    expect(unknown).toContain('<meta property="og:title" content="Memento" />');
  });
});
