import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Payments } from '../../providers/stripe.ts';
import { atProvider } from './provider.ts';
import { accountEmail, findCustomerId, saveCustomer } from './repo.ts';

export interface BillingDeps {
  readonly sql: Sql;
  readonly payments: Payments;
}

/**
 * The person's provider customer, made on first use with their e-mail address (which the hosted
 * checkout then shows prefilled). The provider's idempotency key is the person's id, so two first
 * checkouts at once make one customer.
 */
export async function ensureCustomer(deps: BillingDeps, userId: string): Promise<string> {
  const provider = deps.payments.mode;
  const known = await findCustomerId(deps.sql, userId, provider);
  if (known !== null) return known;
  const account = await accountEmail(deps.sql, userId);
  if (account === null) throw new ApiError('INVALID_TOKEN', 'INVALID_TOKEN');
  const customer = await atProvider(() =>
    deps.payments.client().customers.create(
      { email: account.email, ...(account.firstName === '' ? {} : { name: account.firstName }), metadata: { user_id: userId } },
      { idempotencyKey: `customer-${userId}` },
    ),
  );
  return saveCustomer(deps.sql, userId, provider, customer.id);
}

/** The person's customer when they have one; NO_SUBSCRIPTION otherwise. */
export async function existingCustomer(deps: BillingDeps, userId: string): Promise<string> {
  const customerId = await findCustomerId(deps.sql, userId, deps.payments.mode);
  if (customerId === null) throw new ApiError('NO_SUBSCRIPTION', "Only available if you've purchased a subscription.");
  return customerId;
}
