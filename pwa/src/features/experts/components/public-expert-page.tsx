import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { CloudOff, SearchX } from 'lucide-react';
import { BOOKING_THANK_YOU, NOT_TAKING_BOOKINGS } from '#core/experts/messages';
import { REFUND_GUARANTEE } from '#core/experts/bookings';
import { rateToText } from '#core/experts/fields';
import { paths } from '#core/paths';
import type { PublicExpert } from '#core/schemas/expert';
import { MessagePanel } from '../../../components/layout/message-panel';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useOnlineStatus } from '../../../lib/online-status';
import { usePublicExpert } from '../data/use-public-expert';
import { ExpertLayout } from './expert-layout';
import styles from './expert.module.css';

interface PublicExpertPageProps {
  readonly siteName: string;
  /** The payment form for one hour with this expert; `onPaid` once the payment went through. */
  readonly checkout: (expert: PublicExpert, handlers: { onPaid: () => void; onCancel: () => void }) => ReactNode;
}

const describe = (expert: PublicExpert) => `${expert.yourName}: available to ${expert.theVerb.toLowerCase()}, $${rateToText(expert.rateCents)} an hour.`;

/** /ex/{siteName}: who the expert is, what they help with, the rate, and 'Set Up Time'. */
export function PublicExpertPage({ siteName, checkout }: PublicExpertPageProps) {
  const load = usePublicExpert(siteName);
  const online = useOnlineStatus();
  // Back from the bank's check (`?order=`): the payment form opens again to finish that payment.
  const { search } = useLocation();
  const [open, setOpen] = useState(() => new URLSearchParams(search).has('order'));
  const [paid, setPaid] = useState(false);

  if (load.status === 'not-found') {
    return (
      <ExpertLayout title="Expert page not found" description="There is no expert page at this address." variant="public">
        <MessagePanel
          icon={<SearchX aria-hidden="true" />}
          eyebrow="Error 404"
          title="No expert page here"
          actions={<ButtonLink to={paths.expert.href()}>Make your own Expert page</ButtonLink>}
        >
          <p>There is no expert page at /ex/{siteName}. Check the address you were given.</p>
        </MessagePanel>
      </ExpertLayout>
    );
  }
  if (load.status === 'offline' || load.status === 'failed' || load.status === 'loading') {
    return (
      <ExpertLayout title="Expert page" description="An expert's booking page." variant="public">
        {load.status === 'loading' ? (
          <p role="status">Loading the page ...</p>
        ) : (
          <MessagePanel
            icon={<CloudOff aria-hidden="true" />}
            title={load.status === 'offline' ? 'You are offline' : 'This page could not be loaded'}
            actions={<Button onClick={() => window.location.reload()}>Try again</Button>}
          >
            <p>
              {load.status === 'offline'
                ? 'This device has no copy of this expert page yet. Connect to the internet and try again.'
                : load.message}
            </p>
          </MessagePanel>
        )}
      </ExpertLayout>
    );
  }

  const { expert } = load;
  return (
    <ExpertLayout title={`${expert.yourName} · Expert`} description={describe(expert)} variant="public" narrow>
      <article className={styles.form}>
        <h1>Hi, there! I'm {expert.yourName}</h1>
        {!load.fresh && (
          <p className={styles.note} role="status">
            You are seeing the copy saved on this device{online ? '' : ' (offline)'}.
          </p>
        )}
        <p className={styles.bio}>{expert.yourBio}</p>
        <p>I'm available to {expert.theVerb.toLowerCase()}</p>
        <section aria-labelledby="help-with">
          <h2 id="help-with">What I can help with:</h2>
          <ul className={styles.helpList}>
            {expert.helpList.map((item, index) => (
              <li key={`${String(index)}-${item}`}>{item}</li>
            ))}
          </ul>
        </section>
        <p className={styles.figure}>Rate (hourly): ${rateToText(expert.rateCents)}</p>
        {paid ? (
          <p className={styles.note} role="status">
            {BOOKING_THANK_YOU}
          </p>
        ) : !expert.acceptingBookings ? (
          <p className={styles.warning} role="status">
            {NOT_TAKING_BOOKINGS}
          </p>
        ) : open ? (
          <section className={styles.card} aria-labelledby="book-time">
            <h2 id="book-time">Book one hour: ${rateToText(expert.rateCents)}</h2>
            <p>{REFUND_GUARANTEE}</p>
            {checkout(expert, { onPaid: () => setPaid(true), onCancel: () => setOpen(false) })}
          </section>
        ) : (
          <div className={styles.actions}>
            <Button size="lg" onClick={() => setOpen(true)}>
              Set Up Time
            </Button>
            <p className={styles.muted}>{REFUND_GUARANTEE}</p>
          </div>
        )}
      </article>
    </ExpertLayout>
  );
}
