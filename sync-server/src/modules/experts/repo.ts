import type { ExpertVerb } from '#core/experts/fields';
import type { BookingStatus, RefundReason } from '#core/experts/bookings';
import { PostgresError, type Queryable, type TransactionSql } from '../../db/client.ts';

/** SQL of expert pages (0001, 0016): experts and their bookings. */

export interface ExpertRow {
  readonly id: string;
  readonly userId: string;
  readonly siteName: string;
  readonly yourName: string;
  readonly yourBio: string;
  readonly theVerb: ExpertVerb;
  readonly helpList: readonly string[];
  readonly rateCents: number;
  readonly stripeAccountId: string | null;
  readonly chargesEnabled: boolean;
}

interface ExpertColumns {
  id: string;
  user_id: string;
  site_name: string;
  your_name: string;
  your_bio: string;
  the_verb: ExpertVerb;
  help_list: string[];
  rate_cents: number;
  stripe_account_id: string | null;
  charges_enabled: boolean;
}

function toExpert(row: ExpertColumns): ExpertRow {
  return {
    id: row.id,
    userId: row.user_id,
    siteName: row.site_name,
    yourName: row.your_name,
    yourBio: row.your_bio,
    theVerb: row.the_verb,
    helpList: row.help_list,
    rateCents: row.rate_cents,
    stripeAccountId: row.stripe_account_id,
    chargesEnabled: row.charges_enabled,
  };
}

export interface ExpertPage {
  readonly siteName: string;
  readonly yourName: string;
  readonly yourBio: string;
  readonly theVerb: ExpertVerb;
  readonly helpList: readonly string[];
  readonly rateCents: number;
}

/** Which unique rule a failed insert or update broke, if it broke one of the experts'. */
export function takenBy(error: unknown): 'site_name' | 'user' | null {
  if (!(error instanceof PostgresError) || error.code !== '23505') return null;
  if (error.constraint_name === 'experts_site_name_key') return 'site_name';
  if (error.constraint_name === 'experts_user_id_key') return 'user';
  return null;
}

export async function insertExpert(db: Queryable, userId: string, page: ExpertPage): Promise<ExpertRow> {
  const [row] = await db<ExpertColumns[]>`
    insert into experts (user_id, site_name, your_name, your_bio, the_verb, help_list, rate_cents)
    values (${userId}, ${page.siteName}, ${page.yourName}, ${page.yourBio}, ${page.theVerb}, ${db.array([...page.helpList])}, ${page.rateCents})
    returning *`;
  if (!row) throw new Error('insert returned no expert');
  return toExpert(row);
}

export async function updateExpertPage(db: Queryable, userId: string, page: ExpertPage): Promise<ExpertRow | null> {
  const [row] = await db<ExpertColumns[]>`
    update experts set site_name = ${page.siteName}, your_name = ${page.yourName}, your_bio = ${page.yourBio},
      the_verb = ${page.theVerb}, help_list = ${db.array([...page.helpList])}, rate_cents = ${page.rateCents}, updated_at = now()
    where user_id = ${userId}
    returning *`;
  return row ? toExpert(row) : null;
}

export async function expertOfUser(db: Queryable, userId: string): Promise<ExpertRow | null> {
  const [row] = await db<ExpertColumns[]>`select * from experts where user_id = ${userId}`;
  return row ? toExpert(row) : null;
}

export async function expertById(db: Queryable, id: string): Promise<ExpertRow | null> {
  const [row] = await db<ExpertColumns[]>`select * from experts where id = ${id}`;
  return row ? toExpert(row) : null;
}

/** The expert of a site name, compared ignoring case (the unique index's own expression). */
export async function expertBySiteName(db: Queryable, siteName: string): Promise<ExpertRow | null> {
  const [row] = await db<ExpertColumns[]>`select * from experts where lower(site_name) = ${siteName.toLowerCase()}`;
  return row ? toExpert(row) : null;
}

/** Sets the account once: a second 'Set Up Stripe Account' finds the first one's. */
export async function setStripeAccount(db: Queryable, expertId: string, accountId: string): Promise<ExpertRow | null> {
  const [row] = await db<ExpertColumns[]>`
    update experts set stripe_account_id = coalesce(stripe_account_id, ${accountId}), updated_at = now()
    where id = ${expertId}
    returning *`;
  return row ? toExpert(row) : null;
}

/** What the provider says of an account now; false when no expert has it. */
export async function setChargesEnabled(db: Queryable, accountId: string, chargesEnabled: boolean): Promise<boolean> {
  const rows = await db`
    update experts set charges_enabled = ${chargesEnabled}, updated_at = now()
    where stripe_account_id = ${accountId} and charges_enabled is distinct from ${chargesEnabled}
    returning id`;
  return rows.length === 1;
}

export interface BookingRow {
  readonly id: string;
  readonly expertId: string;
  readonly orderId: string | null;
  readonly visitorName: string;
  readonly visitorEmail: string;
  readonly amountCents: number;
  readonly feeCents: number;
  readonly currency: string;
  readonly status: BookingStatus;
  readonly providerId: string | null;
  readonly refundReason: RefundReason | null;
  readonly paidAt: Date;
  readonly scheduledAt: Date | null;
  readonly refundedAt: Date | null;
}

interface BookingColumns {
  id: string;
  expert_id: string;
  order_id: string | null;
  visitor_name: string;
  visitor_email: string;
  amount_cents: number;
  fee_cents: number;
  currency: string;
  status: BookingStatus;
  provider_id: string | null;
  refund_reason: RefundReason | null;
  paid_at: Date;
  scheduled_at: Date | null;
  refunded_at: Date | null;
}

function toBooking(row: BookingColumns): BookingRow {
  return {
    id: row.id,
    expertId: row.expert_id,
    orderId: row.order_id,
    visitorName: row.visitor_name,
    visitorEmail: row.visitor_email,
    amountCents: row.amount_cents,
    feeCents: row.fee_cents,
    currency: row.currency,
    status: row.status,
    providerId: row.provider_id,
    refundReason: row.refund_reason,
    paidAt: row.paid_at,
    scheduledAt: row.scheduled_at,
    refundedAt: row.refunded_at,
  };
}

export interface NewBooking {
  readonly expertId: string;
  readonly orderId: string;
  readonly visitorName: string;
  readonly visitorEmail: string;
  readonly amountCents: number;
  readonly feeCents: number;
  readonly currency: string;
  readonly providerId: string;
}

/** The booking of a paid order, made once: null when the order has one already. */
export async function insertBooking(tx: TransactionSql, booking: NewBooking): Promise<BookingRow | null> {
  const [row] = await tx<BookingColumns[]>`
    insert into bookings (expert_id, order_id, visitor_name, visitor_email, amount_cents, fee_cents, currency, provider_id)
    values (${booking.expertId}, ${booking.orderId}, ${booking.visitorName}, ${booking.visitorEmail}, ${booking.amountCents},
            ${booking.feeCents}, ${booking.currency}, ${booking.providerId})
    on conflict do nothing
    returning *`;
  return row ? toBooking(row) : null;
}

export async function bookingsOfExpert(db: Queryable, expertId: string): Promise<BookingRow[]> {
  const rows = await db<BookingColumns[]>`select * from bookings where expert_id = ${expertId} order by paid_at desc, id`;
  return rows.map(toBooking);
}

/** A booking of this expert's (never another's). */
export async function bookingOfExpert(db: Queryable, expertId: string, bookingId: string): Promise<BookingRow | null> {
  const [row] = await db<BookingColumns[]>`select * from bookings where id = ${bookingId} and expert_id = ${expertId}`;
  return row ? toBooking(row) : null;
}

/** paid → scheduled; the booking as it is now (unchanged when it was not paid). */
export async function markScheduled(db: Queryable, expertId: string, bookingId: string): Promise<BookingRow | null> {
  await db`
    update bookings set status = 'scheduled', scheduled_at = now(), updated_at = now()
    where id = ${bookingId} and expert_id = ${expertId} and status = 'paid'`;
  return bookingOfExpert(db, expertId, bookingId);
}

/** paid | scheduled → refunding, for the expert's refund; the booking when it changed. */
export async function claimRefund(db: Queryable, expertId: string, bookingId: string): Promise<BookingRow | null> {
  const [row] = await db<BookingColumns[]>`
    update bookings set status = 'refunding', refund_reason = 'expert', updated_at = now()
    where id = ${bookingId} and expert_id = ${expertId} and status in ('paid', 'scheduled')
    returning *`;
  return row ? toBooking(row) : null;
}

/** Every paid booking not marked scheduled since `dueBefore` → refunding (automatic). */
export async function claimDueRefunds(db: Queryable, dueBefore: Date): Promise<BookingRow[]> {
  const rows = await db<BookingColumns[]>`
    update bookings set status = 'refunding', refund_reason = 'automatic', updated_at = now()
    where status = 'paid' and paid_at <= ${dueBefore}
    returning *`;
  return rows.map(toBooking);
}

/** Refunds asked for and not yet confirmed (a crash or an unreachable provider left them). */
export async function pendingRefunds(db: Queryable): Promise<BookingRow[]> {
  const rows = await db<BookingColumns[]>`select * from bookings where status = 'refunding' order by paid_at`;
  return rows.map(toBooking);
}

/** refunding → refunded; the booking when it changed (so its e-mails go once). */
export async function markBookingRefunded(tx: TransactionSql, bookingId: string, refundId: string | null): Promise<BookingRow | null> {
  const [row] = await tx<BookingColumns[]>`
    update bookings set status = 'refunded', refund_id = coalesce(${refundId}, refund_id), refunded_at = now(), updated_at = now()
    where id = ${bookingId} and status = 'refunding'
    returning *`;
  return row ? toBooking(row) : null;
}

/** The booking paid by a PaymentIntent. */
export async function bookingByPaymentIntent(db: Queryable, providerId: string): Promise<BookingRow | null> {
  const [row] = await db<BookingColumns[]>`select * from bookings where provider_id = ${providerId}`;
  return row ? toBooking(row) : null;
}

/**
 * A refund the provider confirmed (`charge.refunded`), wherever it was made: → refunded; the
 * booking when it changed. One made outside the app (the provider's dashboard) counts as the expert's.
 */
export async function markRefundedByPaymentIntent(tx: TransactionSql, providerId: string): Promise<BookingRow | null> {
  const [row] = await tx<BookingColumns[]>`
    update bookings set status = 'refunded', refund_reason = coalesce(refund_reason, 'expert'), refunded_at = now(), updated_at = now()
    where provider_id = ${providerId} and status <> 'refunded'
    returning *`;
  return row ? toBooking(row) : null;
}

/** The sign-in address of an expert: where their booking notices go. */
export async function expertEmail(db: Queryable, expertId: string): Promise<string | null> {
  const [row] = await db<{ email: string | null }[]>`select u.email from experts e join users u on u.id = e.user_id where e.id = ${expertId}`;
  return row?.email ?? null;
}
