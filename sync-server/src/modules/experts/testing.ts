import { expect } from 'vitest';
import { expertResponseSchema, type ExpertFields, type ExpertRecord } from '#core/schemas/expert';
import type { PaymentsServer } from '../payments/testing.ts';
import type { TestUser } from '../../testing/users.ts';

/** Expert tests: requests as the screens make them, against the product with its local Stripe. */

export function expertFields(siteName: string, extra: Partial<ExpertFields> = {}): ExpertFields {
  return { siteName, yourName: 'Jane Doe', yourBio: 'I help teams ship.', theVerb: 'Mentor', helpList: ['React', 'Hiring'], rate: 20, ...extra };
}

export async function call(app: PaymentsServer, method: string, path: string, user?: TestUser, body?: unknown): Promise<Response> {
  return fetch(`${app.server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(user === undefined ? {} : { authorization: user.authorization }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export async function addExpert(app: PaymentsServer, user: TestUser, fields: ExpertFields): Promise<ExpertRecord> {
  const response = await call(app, 'POST', '/api/addExpert', user, fields);
  expect(response.status, await response.clone().text()).toBe(201);
  return expertResponseSchema.parse(await response.json()).expert;
}

/**
 * 'Set Up Stripe Account', then 'Complete test onboarding' on the local Stripe's page, as a
 * browser does it; the webhooks stay undelivered until the caller delivers them.
 */
export async function onboard(app: PaymentsServer, user: TestUser): Promise<{ readonly returnedTo: string }> {
  const linked = await call(app, 'POST', '/api/createAccountLink', user, {});
  expect(linked.status).toBe(200);
  const { accountLinks } = (await linked.json()) as { accountLinks: { url: string } };
  // The page is served on the app's own origin, as the browser reaches it.
  expect(accountLinks.url.startsWith(`${app.server.url}/local-stripe/connect/onboarding/`)).toBe(true);
  const page = await fetch(accountLinks.url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Complete test onboarding');
  const done = await fetch(accountLinks.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=complete',
  });
  expect(done.status).toBe(303);
  return { returnedTo: done.headers.get('location') ?? '' };
}
