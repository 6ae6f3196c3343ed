import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { SITE_NAME_UNAVAILABLE } from '#core/experts/site-name';
import type { ExpertRecord } from '#core/schemas/expert';
import { installFakeApi, jsonReply, type FakeApi } from '../../lib/testing/fake-api';
import { readDraft, saveDraft } from './data/device-copies';
import { onboardingMachine, stepOf, type OnboardingActor } from './onboarding.machine';
import type { PageFormValues } from './page-form';

/**
 * The onboarding machine, headless, with the server answered at the fetch boundary and the
 * device's storage (jsdom's localStorage) kept between steps.
 */

const USER = 'user-1';

const FILLED: PageFormValues = {
  siteName: 'Jane Doe 1',
  yourName: 'Jane Doe',
  yourBio: 'I teach algebra.',
  theVerb: 'Tutor',
  helpList: 'Algebra\n\nGeometry',
  rate: '20.00',
};

const RECORD: ExpertRecord = {
  siteName: 'JaneDoe',
  yourName: 'Jane Doe',
  yourBio: 'I teach algebra.',
  theVerb: 'Tutor',
  helpList: ['Algebra', 'Geometry'],
  rate: 20,
  rateCents: 2000,
  stripeAccountId: null,
  chargesEnabled: false,
};

let online = true;
let api: FakeApi;
let assigned: string[];

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  api = installFakeApi();
  api.on('GET', '/api/expert/dashboard', () => jsonReply(200, { item: null }));
  api.on('GET', '/api/expert/checkSiteName/JaneDoe', () => jsonReply(200, { alreadyExists: false, siteName: 'JaneDoe', reason: null }));
  api.on('POST', '/api/addExpert', () => jsonReply(201, { expert: RECORD }));
  assigned = [];
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function start(draft = readDraft(USER)): OnboardingActor {
  const machine = onboardingMachine.provide({
    actions: {
      goToProvider: (_, params: { url: string }) => {
        assigned.push(params.url);
      },
    },
  });
  const actor = createActor(machine, { input: { userId: USER, online, draft } });
  actor.start();
  return actor;
}

function fill(actor: OnboardingActor, values: PageFormValues = FILLED) {
  for (const [field, value] of Object.entries(values) as [keyof PageFormValues, string][]) {
    actor.send({ type: 'EDIT', field, value });
  }
  actor.send({ type: 'LEAVE_SITE_NAME' });
}

const settled = (actor: OnboardingActor) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('onboarding machine', () => {
  it('goes page form → checking the name → creating → payments, sending the stripped name and the fields as the server reads them', async () => {
    const actor = start();
    await settled(actor);
    expect(actor.getSnapshot().matches({ pageForm: 'editing' })).toBe(true);
    expect(stepOf(actor.getSnapshot())).toBe('Your Page');

    fill(actor);
    expect(actor.getSnapshot().context.values.siteName).toBe('JaneDoe');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('payments'));

    expect(api.seen('/api/expert/checkSiteName/JaneDoe')).toHaveLength(1);
    expect(api.seen('/api/addExpert')[0]?.body).toEqual({
      siteName: 'JaneDoe',
      yourName: 'Jane Doe',
      yourBio: 'I teach algebra.',
      theVerb: 'Tutor',
      helpList: ['Algebra', 'Geometry'],
      rate: 20,
    });
    expect(stepOf(actor.getSnapshot())).toBe('Payments');
    expect(readDraft(USER)).toBeNull();

    actor.send({ type: 'SKIP' });
    expect(actor.getSnapshot().matches('dashboard')).toBe(true);
    expect(stepOf(actor.getSnapshot())).toBe('Dashboard');
  });

  it('an account that has a page already ends at once (the screen opens the dashboard)', async () => {
    api.on('GET', '/api/expert/dashboard', () => jsonReply(200, { item: RECORD }));
    const actor = start();
    await waitFor(actor, (s) => s.matches('alreadyExpert'));
    expect(api.seen('/api/addExpert')).toHaveLength(0);
  });

  it('a taken name stays on the form with the unavailable flag, cleared when the field gets focus', async () => {
    api.on('GET', '/api/expert/checkSiteName/JaneDoe', () => jsonReply(200, { alreadyExists: true, siteName: 'JaneDoe', reason: 'taken' }));
    const actor = start();
    await settled(actor);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.context.unavailable);
    expect(actor.getSnapshot().matches({ pageForm: 'editing' })).toBe(true);
    expect(api.seen('/api/addExpert')).toHaveLength(0);

    actor.send({ type: 'FOCUS_SITE_NAME' });
    expect(actor.getSnapshot().context.unavailable).toBe(false);
    expect(SITE_NAME_UNAVAILABLE).toBe('This site is unavailable, please try another');
  });

  it('a name taken between the check and the create (a race lost) is unavailable too', async () => {
    api.on('POST', '/api/addExpert', () => jsonReply(409, { error: 'SITE_NAME_TAKEN', message: 'taken' }));
    const actor = start();
    await settled(actor);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.context.unavailable);
    expect(actor.getSnapshot().matches({ pageForm: 'editing' })).toBe(true);
  });

  it('what is typed while the page is still asking the server is kept', async () => {
    const actor = start();
    actor.send({ type: 'EDIT', field: 'siteName', value: 'Jane 2' });
    actor.send({ type: 'LEAVE_SITE_NAME' });
    await settled(actor);
    expect(actor.getSnapshot().context.values.siteName).toBe('Jane');
  });

  it('a reserved name is unavailable before anything is sent, cleared on focus', async () => {
    const actor = start();
    await settled(actor);
    fill(actor, { ...FILLED, siteName: 'Dashboard' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.unavailable).toBe(true);
    expect(actor.getSnapshot().context.errors.siteName).toBeUndefined();
    actor.send({ type: 'FOCUS_SITE_NAME' });
    expect(actor.getSnapshot().context.unavailable).toBe(false);
    expect(api.requests.filter((request) => request.path.startsWith('/api/expert/checkSiteName'))).toHaveLength(0);
  });

  it('a form with problems is not sent, and each field says what to fix', async () => {
    const actor = start();
    await settled(actor);
    fill(actor, { ...FILLED, siteName: '123', yourName: '', rate: '2' });
    actor.send({ type: 'SUBMIT' });
    const { errors } = actor.getSnapshot().context;
    expect(Object.keys(errors).sort()).toEqual(['rate', 'siteName', 'yourName']);
    expect(errors.rate).toBe('The hourly rate is at least $5.00.');
    expect(api.seen('/api/expert/checkSiteName/JaneDoe')).toHaveLength(0);

    actor.send({ type: 'EDIT', field: 'rate', value: '25' });
    expect(actor.getSnapshot().context.errors.rate).toBeUndefined();
  });

  it('the server refusing a field shows its words on that field', async () => {
    api.on('POST', '/api/addExpert', () =>
      jsonReply(400, { error: 'INVALID_REQUEST', message: 'bad', issues: [{ path: ['yourBio'], message: 'At most 300 characters' }] }),
    );
    const actor = start();
    await settled(actor);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.context.errors.yourBio !== undefined);
    expect(actor.getSnapshot().context.errors.yourBio).toBe('At most 300 characters');
    expect(actor.getSnapshot().context.error).toMatch(/^Error: /);
  });

  it('offline, the form is kept on the device and sent when the connection returns', async () => {
    online = false;
    const actor = start();
    await settled(actor);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ pageForm: 'waitingForConnection' })).toBe(true);
    expect(readDraft(USER)).toEqual({ values: { ...FILLED, siteName: 'JaneDoe' }, pending: true });
    expect(api.seen('/api/addExpert')).toHaveLength(0);

    online = true;
    actor.send({ type: 'CONNECTION', online: true });
    await waitFor(actor, (s) => s.matches('payments'));
    expect(api.seen('/api/addExpert')).toHaveLength(1);
    expect(readDraft(USER)).toBeNull();
  });

  it('a draft left waiting (the page closed offline) is sent by itself when the page opens online', async () => {
    saveDraft(USER, { values: { ...FILLED, siteName: 'JaneDoe' }, pending: true });
    const actor = start();
    await waitFor(actor, (s) => s.matches('payments'));
    expect(api.seen('/api/addExpert')[0]?.body).toMatchObject({ siteName: 'JaneDoe', rate: 20 });
  });

  it('a create whose answer was lost says so, and Next sends it again (the server answers a repeat with the page)', async () => {
    let calls = 0;
    api.on('POST', '/api/addExpert', () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return jsonReply(200, { expert: RECORD });
    });
    const actor = start();
    await settled(actor);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Error: The server could not be reached. Check your connection and try again.');
    expect(actor.getSnapshot().matches({ pageForm: 'editing' })).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('payments'));
    expect(calls).toBe(2);
  });

  it("'Set Up Stripe Account' makes the account and the link, then goes to the link", async () => {
    api.on('POST', '/api/createStripeAccount', () => jsonReply(200, { stripeAccountId: 'acct_1', chargesEnabled: false }));
    api.on('POST', '/api/createAccountLink', () =>
      jsonReply(200, { accountLinks: { url: 'http://memento.test/onboard/tok', expiresAt: '2026-01-01T00:00:00.000Z' } }),
    );
    const actor = start();
    await settled(actor);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('payments'));
    actor.send({ type: 'SET_UP_STRIPE' });
    await waitFor(actor, (s) => s.matches('leftForProvider'));
    expect(api.seen('/api/createAccountLink')[0]?.body).toEqual({ stripeAccountId: 'acct_1' });
    expect(assigned).toEqual(['http://memento.test/onboard/tok']);
  });

  it('a provider that cannot be reached keeps the payments step with an error; Skip still goes on', async () => {
    api.on('POST', '/api/createStripeAccount', () => jsonReply(503, { error: 'UNAVAILABLE', message: 'down' }));
    const actor = start();
    await settled(actor);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('payments'));
    actor.send({ type: 'SET_UP_STRIPE' });
    await waitFor(actor, (s) => s.matches({ payments: 'choosing' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Error: Payments are not available right now. Try again in a few minutes.');
    expect(assigned).toEqual([]);
    actor.send({ type: 'SKIP' });
    expect(actor.getSnapshot().matches('dashboard')).toBe(true);
  });
});
