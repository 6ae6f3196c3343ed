import { useState, type SyntheticEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { rateToText } from '#core/experts/fields';
import { NOT_ACCEPTING_CHARGES } from '#core/experts/messages';
import { canMarkScheduled, canRefund } from '#core/experts/bookings';
import { paths } from '#core/paths';
import type { Booking, ExpertFields, ExpertRecord } from '#core/schemas/expert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useExpertDashboard } from '../data/use-expert-dashboard';
import { startStripeOnboarding } from '../data/expert-api';
import { onboardingFailure } from '../expert-messages';
import { errorsFromIssues, leaveSiteName, splitUnavailable, withoutField, pageFormOf, readPageForm, type PageFormErrors, type PageFormValues } from '../page-form';
import { isApiError } from '../../../lib/api-client';
import { ExpertLayout } from './expert-layout';
import { PageFormFields } from './page-form-fields';
import styles from './expert.module.css';

interface DashboardPageProps {
  readonly onLogOut: () => void;
  /** Off to the provider's onboarding page. */
  readonly goTo?: (url: string) => void;
}

const dateText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** /expert/dashboard: the page, its payment set-up, the bookings, and 'Update Page'. */
export function ExpertDashboardPage({ onLogOut, goTo = (url) => window.location.assign(url) }: DashboardPageProps) {
  const dashboard = useExpertDashboard();
  const { load, record, online } = dashboard;

  if (load.status === 'no-page') return <Navigate to={paths.expertForm.href()} replace />;

  return (
    <ExpertLayout title="Expert Dashboard" description="Your expert page, payments and bookings.">
      <div className={styles.topline}>
        <h1>Expert Dashboard</h1>
        <Button variant="secondary" size="sm" onClick={onLogOut}>
          Log Out
        </Button>
      </div>
      {!online && record !== null && (
        <p className={styles.note} role="status">
          You are offline: this is what the dashboard showed last{dashboard.savedAt === null ? '' : ` (${dateText(dashboard.savedAt)})`}.
        </p>
      )}
      {load.status === 'loading' && <p role="status">Loading your page ...</p>}
      {load.status === 'failed' && record === null && (
        <p className={styles.error} role="alert">
          {online ? load.message : 'You are offline and this device has no copy of your dashboard yet. Connect and reload.'}
        </p>
      )}
      {record !== null && (
        <>
          <section className={styles.section} aria-labelledby="expert-name">
            <h2 id="expert-name">{record.yourName}</h2>
            <div className={styles.actions}>
              <ButtonLink to={paths.expertPage.href(record.siteName)}>View your page</ButtonLink>
              <span className={styles.muted}>/ex/{record.siteName}</span>
            </div>
          </section>
          <PaymentSetup record={record} online={online} goTo={goTo} />
          <BookingsSection bookings={dashboard.bookings} online={online} schedule={dashboard.schedule} refund={dashboard.refund} />
          <UpdatePageForm record={record} online={online} update={dashboard.update} />
        </>
      )}
    </ExpertLayout>
  );
}

function PaymentSetup({ record, online, goTo }: { record: ExpertRecord; online: boolean; goTo: (url: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const resume = async () => {
    setError(null);
    try {
      goTo(await startStripeOnboarding());
    } catch (failure) {
      setError(onboardingFailure(failure));
    }
  };
  return (
    <section className={styles.section} aria-labelledby="payment-setup">
      <h2 id="payment-setup">Payments</h2>
      {record.chargesEnabled ? (
        <p className={styles.note}>Accepting charges: visitors can book and pay for your time.</p>
      ) : (
        <>
          <p className={styles.warning} role="status">
            {NOT_ACCEPTING_CHARGES}
          </p>
          <div className={styles.actions}>
            <Button onClick={resume} disabled={!online}>
              {record.stripeAccountId === null ? 'Set Up Stripe Account' : 'Resume Stripe onboarding'}
            </Button>
            {!online && <span className={styles.muted}>Needs a connection.</span>}
          </div>
        </>
      )}
      {error !== null && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

const STATUS_TEXT: Readonly<Record<Booking['status'], string>> = {
  paid: 'Paid, not scheduled yet',
  scheduled: 'Scheduled',
  refunding: 'Refund under way',
  refunded: 'Refunded',
};

function statusText(booking: Booking): string {
  if (booking.status === 'refunded' && booking.refundReason === 'automatic') return 'Refunded automatically (not scheduled within 7 days)';
  if (booking.status === 'refunded') return 'Refunded by you';
  return STATUS_TEXT[booking.status];
}

interface BookingsProps {
  readonly bookings: readonly Booking[];
  readonly online: boolean;
  readonly schedule: (id: string) => Promise<void>;
  readonly refund: (id: string) => Promise<void>;
}

function BookingsSection({ bookings, online, schedule, refund }: BookingsProps) {
  return (
    <section className={styles.section} aria-labelledby="bookings">
      <h2 id="bookings">Bookings</h2>
      {bookings.length === 0 ? (
        <p className={styles.muted}>No bookings yet. Share your page's link to get booked.</p>
      ) : (
        <ul className={styles.bookings}>
          {bookings.map((booking) => (
            <BookingItem key={booking.id} booking={booking} online={online} schedule={schedule} refund={refund} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingItem({ booking, online, schedule, refund }: { booking: Booking } & Omit<BookingsProps, 'bookings'>) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
      setConfirming(false);
    } catch (failure) {
      setError(isApiError(failure, 'BOOKING_REFUNDED') ? 'Error: This booking was refunded already. Reload to see it.' : onboardingFailure(failure));
    }
  };
  return (
    <li className={styles.booking} aria-label={`Booking by ${booking.visitorName}`}>
      <p>
        <strong>{booking.visitorName}</strong> ({booking.visitorEmail}), ${rateToText(booking.amountCents)}, paid {dateText(booking.paidAt)}
      </p>
      <p className={styles.status}>{statusText(booking)}</p>
      {booking.autoRefundAt !== null && (
        <p className={styles.muted}>Refunded automatically on {dateText(booking.autoRefundAt)} unless marked scheduled.</p>
      )}
      {confirming ? (
        <div className={styles.confirm} role="group" aria-label="Confirm the refund">
          <p>
            Refund ${rateToText(booking.amountCents)} to {booking.visitorName}? Your payout for it is taken back.
          </p>
          <div className={styles.actions}>
            <Button onClick={() => run(() => refund(booking.id))} disabled={!online}>
              Yes, refund
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        (canMarkScheduled(booking.status) || canRefund(booking.status)) && (
          <div className={styles.actions}>
            {canMarkScheduled(booking.status) && (
              <Button size="sm" onClick={() => run(() => schedule(booking.id))} disabled={!online}>
                Mark scheduled
              </Button>
            )}
            {canRefund(booking.status) && (
              <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} disabled={!online}>
                Refund
              </Button>
            )}
          </div>
        )
      )}
      {error !== null && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

interface UpdateProps {
  readonly record: ExpertRecord;
  readonly online: boolean;
  readonly update: (fields: ExpertFields) => Promise<ExpertRecord>;
}

function UpdatePageForm({ record, online, update }: UpdateProps) {
  const [values, setValues] = useState<PageFormValues>(() => pageFormOf(record));
  const [errors, setErrors] = useState<PageFormErrors>({});
  const [unavailable, setUnavailable] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [updated, setUpdated] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const stripped = leaveSiteName(values);
    setValues(stripped);
    setUpdated(false);
    setError(null);
    const result = readPageForm(stripped);
    if (!result.ok) {
      const split = splitUnavailable(result.errors);
      setErrors(split.errors);
      setUnavailable(split.unavailable);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await update(result.fields);
      setUpdated(true);
    } catch (failure) {
      if (isApiError(failure, 'SITE_NAME_TAKEN') || isApiError(failure, 'SITE_NAME_RESERVED')) setUnavailable(true);
      else {
        if (isApiError(failure, 'INVALID_REQUEST')) setErrors(errorsFromIssues(failure.issues));
        setError(onboardingFailure(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="update-page">
      <h2 id="update-page">Update Page</h2>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
        <PageFormFields
          values={values}
          errors={errors}
          unavailable={unavailable}
          disabled={busy}
          onEdit={(field, value) => {
            setUpdated(false);
            setValues((current) => ({ ...current, [field]: value }));
            setErrors((current) => withoutField(current, field));
          }}
          onLeaveSiteName={() => setValues(leaveSiteName)}
          onFocusSiteName={() => setUnavailable(false)}
        />
        {error !== null && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" busy={busy} disabled={!online}>
            Update Site
          </Button>
          {updated && (
            <span className={styles.note} role="status">
              Updated!
            </span>
          )}
          {!online && <span className={styles.muted}>Updating needs a connection.</span>}
        </div>
      </form>
    </section>
  );
}
