import type Stripe from 'stripe';
import { charityMatch } from '#core/human-sounds/match';
import { HUMAN_SOUNDS_MATCH_LIMIT_CENTS } from '#core/plans/prices';
import type { CharityRaised, LibraryAccess } from '#core/schemas/human-sounds';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Payments } from '../../providers/stripe.ts';
import { hashDownloadToken, libraryZipHref } from './download-token.ts';
import { orderOfToken, paidSalesCents, type LibraryOrder } from './repo.ts';

/**
 * Who may download the library: whoever holds a token of a paid library order. A buyer can reach
 * the thank-you page before the payment's webhook has marked the order paid; then the provider is
 * asked whether this attempt succeeded. That answer opens the library and changes nothing: the
 * order is fulfilled by the webhook alone.
 */

export interface LibraryDeps {
  readonly sql: Sql;
  readonly payments: Payments;
}

async function providerSaysPaid(payments: Payments, providerId: string): Promise<boolean> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await payments.client().paymentIntents.retrieve(providerId);
  } catch (error) {
    throw new ApiError('UNAVAILABLE', 'The payment cannot be checked right now. Try again in a few minutes.', { cause: error });
  }
  return intent.status === 'succeeded';
}

/** The paid order a well-formed token opens; NOT_FOUND, DOWNLOAD_REVOKED or UNAVAILABLE otherwise. */
export async function paidOrderOfToken(deps: LibraryDeps, token: string): Promise<LibraryOrder> {
  const order = await orderOfToken(deps.sql, hashDownloadToken(token));
  if (order === null) throw new ApiError('NOT_FOUND', 'This download link is not one of ours. Use the link in your receipt e-mail.');
  switch (order.status) {
    case 'succeeded':
      return order;
    case 'refunded':
      throw new ApiError('DOWNLOAD_REVOKED', 'This purchase was refunded, so its download link no longer works.');
    default:
      if (order.providerId !== null && (await providerSaysPaid(deps.payments, order.providerId))) return order;
      throw new ApiError('NOT_FOUND', 'This purchase has not been paid.');
  }
}

export async function libraryAccess(deps: LibraryDeps, token: string): Promise<LibraryAccess> {
  const order = await paidOrderOfToken(deps, token);
  return { email: order.email ?? '', purchasedAt: order.createdAt.toISOString(), downloadHref: libraryZipHref(token) };
}

/** What the library has raised so far, with the owner's match. */
export async function charityRaised(sql: Sql, now: Date): Promise<CharityRaised> {
  const { salesCents, matchCents, totalCents } = charityMatch(await paidSalesCents(sql));
  return { salesCents, matchCents, totalCents, matchLimitCents: HUMAN_SOUNDS_MATCH_LIMIT_CENTS, asOf: now.toISOString() };
}
