import Stripe from 'stripe';
import { rateToText } from '#core/experts/fields';
import { siteNameKey, siteNameProblem, stripSiteName } from '#core/experts/site-name';
import { paths } from '#core/paths';
import { rateCentsOf, type CheckSiteNameResponse, type ExpertFields, type ExpertRecord, type PublicExpert, type StripeInfoResponse } from '#core/schemas/expert';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Payments } from '../../providers/stripe.ts';
import { findUserDetails } from '../accounts/users-repo.ts';
import {
  expertBySiteName,
  expertOfUser,
  insertExpert,
  setChargesEnabled,
  setStripeAccount,
  takenBy,
  updateExpertPage,
  type ExpertPage,
  type ExpertRow,
} from './repo.ts';

/**
 * An expert's own page and payment account. Every call acts on the caller's expert record only
 * (found by the session's user), so no request can name another's. Texts are stored as typed and
 * answered as JSON: the screens show them as text.
 */

export interface ExpertDeps {
  readonly sql: Sql;
  readonly payments: Payments;
}

const rateOf = (cents: number): number => Number(rateToText(cents));

export function recordOf(row: ExpertRow): ExpertRecord {
  return {
    siteName: row.siteName,
    yourName: row.yourName,
    yourBio: row.yourBio,
    theVerb: row.theVerb,
    helpList: [...row.helpList],
    rate: rateOf(row.rateCents),
    rateCents: row.rateCents,
    stripeAccountId: row.stripeAccountId,
    chargesEnabled: row.chargesEnabled,
  };
}

/** Only what anyone may see: never the account, the user or the e-mail. */
export function publicOf(row: ExpertRow): PublicExpert {
  return {
    siteName: row.siteName,
    yourName: row.yourName,
    yourBio: row.yourBio,
    theVerb: row.theVerb,
    helpList: [...row.helpList],
    rate: rateOf(row.rateCents),
    rateCents: row.rateCents,
    acceptingBookings: row.chargesEnabled && row.stripeAccountId !== null,
  };
}

function pageOf(fields: ExpertFields): ExpertPage {
  const rateCents = rateCentsOf(fields.rate);
  // The schema checked it; a null here is a programming error.
  if (rateCents === null) throw new Error('an expert rate passed the schema without cents');
  return { ...fields, rateCents };
}

const TAKEN = 'This site is unavailable, please try another';

export async function requireExpert(sql: Sql, userId: string): Promise<ExpertRow> {
  const expert = await expertOfUser(sql, userId);
  if (expert === null) throw new ApiError('NOT_AN_EXPERT', 'Create your expert page first.');
  return expert;
}

/** `POST /api/addExpert`: 201 with the new record; 200 with the stored one for a retry of the same name. */
export async function addExpert(sql: Sql, userId: string, fields: ExpertFields): Promise<{ readonly created: boolean; readonly expert: ExpertRecord }> {
  const again = async (): Promise<{ readonly created: boolean; readonly expert: ExpertRecord } | null> => {
    const existing = await expertOfUser(sql, userId);
    if (existing === null) return null;
    if (siteNameKey(existing.siteName) === siteNameKey(fields.siteName)) return { created: false, expert: recordOf(existing) };
    throw new ApiError('ALREADY_EXPERT', 'You already have an expert page. Update it from your dashboard.');
  };
  const earlier = await again();
  if (earlier !== null) return earlier;
  try {
    return { created: true, expert: recordOf(await insertExpert(sql, userId, pageOf(fields))) };
  } catch (error) {
    const taken = takenBy(error);
    if (taken === 'site_name') throw new ApiError('SITE_NAME_TAKEN', TAKEN, { cause: error });
    if (taken === 'user') {
      // Two submits of one form at once: the other one made the page.
      const made = await again();
      if (made !== null) return made;
    }
    throw error;
  }
}

/** `POST /api/updateExpert`. */
export async function updateExpert(sql: Sql, userId: string, fields: ExpertFields): Promise<ExpertRecord> {
  try {
    const row = await updateExpertPage(sql, userId, pageOf(fields));
    if (row === null) throw new ApiError('NOT_AN_EXPERT', 'Create your expert page first.');
    return recordOf(row);
  } catch (error) {
    if (takenBy(error) === 'site_name') throw new ApiError('SITE_NAME_TAKEN', TAKEN, { cause: error });
    throw error;
  }
}

/** `GET /api/expert/checkSiteName/{siteName}`: the caller's own name is free for the caller. */
export async function checkSiteName(sql: Sql, userId: string, raw: string): Promise<CheckSiteNameResponse> {
  const siteName = stripSiteName(raw);
  const problem = siteNameProblem(siteName);
  if (problem === 'RESERVED') return { alreadyExists: true, siteName, reason: 'reserved' };
  if (problem !== null) return { alreadyExists: true, siteName, reason: 'invalid' };
  const holder = await expertBySiteName(sql, siteName);
  if (holder !== null && holder.userId !== userId) return { alreadyExists: true, siteName, reason: 'taken' };
  return { alreadyExists: false, siteName, reason: null };
}

/** `GET /api/expert/page/{siteName}`. */
export async function publicPage(sql: Sql, raw: string): Promise<PublicExpert> {
  const siteName = stripSiteName(raw);
  const expert = siteName === '' ? null : await expertBySiteName(sql, siteName);
  if (expert === null) throw new ApiError('EXPERT_NOT_FOUND', 'No expert page has this name.');
  return publicOf(expert);
}

/** Provider errors that are not the request's: unreachable, or its own failure. */
export function providerUnavailable(error: unknown): ApiError {
  return new ApiError('UNAVAILABLE', 'The payment service cannot be reached right now. Try again in a few minutes.', { cause: error });
}

function isMissingAccount(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

/**
 * The expert's Express account: made once (the provider's idempotency key and the stored id both
 * keep a second click from making another). `forget`: the stored account is unknown to the
 * provider (the local Stripe keeps nothing across a restart), so a new one replaces it.
 */
async function ensureAccount(deps: ExpertDeps, expert: ExpertRow, forget = false): Promise<ExpertRow> {
  if (expert.stripeAccountId !== null && !forget) return expert;
  const user = await findUserDetails(deps.sql, expert.userId);
  let account: Stripe.Account;
  try {
    account = await deps.payments.client().accounts.create(
      {
        type: 'express',
        ...(user === null ? {} : { email: user.email }),
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { expert_id: expert.id },
      },
      { idempotencyKey: forget ? `expert_account_${expert.id}_after_${expert.stripeAccountId ?? ''}` : `expert_account_${expert.id}` },
    );
  } catch (error) {
    throw providerUnavailable(error);
  }
  if (forget) {
    await deps.sql`update experts set stripe_account_id = ${account.id}, charges_enabled = ${account.charges_enabled}, updated_at = now() where id = ${expert.id}`;
    return { ...expert, stripeAccountId: account.id, chargesEnabled: account.charges_enabled };
  }
  const row = await setStripeAccount(deps.sql, expert.id, account.id);
  return row ?? expert;
}

/** `POST /api/createStripeAccount`. */
export async function createStripeAccount(deps: ExpertDeps, userId: string): Promise<{ stripeAccountId: string; chargesEnabled: boolean }> {
  const expert = await ensureAccount(deps, await requireExpert(deps.sql, userId));
  return { stripeAccountId: expert.stripeAccountId ?? '', chargesEnabled: expert.chargesEnabled };
}

/** `POST /api/createAccountLink`: where the expert's browser goes to onboard, and comes back from. */
export async function createAccountLink(
  deps: ExpertDeps,
  userId: string,
  claimedAccountId: string | undefined,
  appOrigin: string,
): Promise<{ url: string; expiresAt: string }> {
  let expert = await requireExpert(deps.sql, userId);
  if (claimedAccountId !== undefined && claimedAccountId !== '' && claimedAccountId !== expert.stripeAccountId) {
    throw new ApiError('FORBIDDEN', 'That payment account is not yours.');
  }
  expert = await ensureAccount(deps, expert);
  const back = new URL(paths.expertDashboard.href(), appOrigin).href;
  const link = async (accountId: string): Promise<Stripe.AccountLink> =>
    deps.payments.client().accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: back, refresh_url: back });
  let made: Stripe.AccountLink;
  try {
    try {
      made = await link(expert.stripeAccountId ?? '');
    } catch (error) {
      if (!isMissingAccount(error)) throw error;
      expert = await ensureAccount(deps, expert, true);
      made = await link(expert.stripeAccountId ?? '');
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw providerUnavailable(error);
  }
  return { url: deps.payments.pageUrl(made.url, appOrigin), expiresAt: new Date(made.expires_at * 1000).toISOString() };
}

/** `GET /api/expert/stripeInfo/{stripeAccountId}`: read from the provider now, and stored. */
export async function stripeInfo(deps: ExpertDeps, userId: string, accountId: string): Promise<StripeInfoResponse> {
  const expert = await requireExpert(deps.sql, userId);
  if (expert.stripeAccountId === null || expert.stripeAccountId !== accountId) {
    throw new ApiError('FORBIDDEN', 'That payment account is not yours.');
  }
  let account: Stripe.Account;
  try {
    account = await deps.payments.client().accounts.retrieve(accountId);
  } catch (error) {
    if (isMissingAccount(error)) {
      // The provider no longer knows it: it takes no charges until the expert sets up again.
      await setChargesEnabled(deps.sql, accountId, false);
      return { account: { id: accountId, charges_enabled: false, details_submitted: false } };
    }
    throw providerUnavailable(error);
  }
  await setChargesEnabled(deps.sql, account.id, account.charges_enabled);
  return { account: { id: account.id, charges_enabled: account.charges_enabled, details_submitted: account.details_submitted } };
}
