import type { ReactNode } from 'react';
import { CircleAlert, Download, LoaderCircle, Undo2, WifiOff } from 'lucide-react';
import { calendarDayInLocalZone, formatMonthDayYear } from '#core/dates/calendar-day';
import { paths } from '#core/paths';
import type { LibraryAccess } from '#core/schemas/human-sounds';
import { MessagePanel } from '../../../components/layout/message-panel';
import { PublicPage } from '../../../components/layout/public-page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ButtonAnchor } from '../../../components/ui/button-anchor';
import { Card } from '../../../components/ui/card';
import { CONTACT_EMAIL, contactMailto } from '#core/contact';
import { useLibraryAccess, type LibraryState } from '../data/get-library';
import styles from './order.module.css';

function Contact({ subject }: { readonly subject: string }) {
  return <a href={contactMailto(subject)}>{CONTACT_EMAIL}</a>;
}

function GoToHumanSounds({ variant = 'primary' }: { readonly variant?: 'primary' | 'secondary' }) {
  return (
    <ButtonLink to={paths.humanSounds.href()} variant={variant}>
      Go to Human Sounds
    </ButtonLink>
  );
}

function Ready({ access }: { readonly access: LibraryAccess }) {
  const bought = new Date(access.purchasedAt);
  return (
    <section className={styles.page} aria-labelledby="thanks-title">
      <Card className={styles.card}>
        <h1 id="thanks-title" className={styles.title}>
          Thank you!
        </h1>
        <p className={styles.lead}>
          Your Human Sounds library is ready: ten MP3s in one zip. Your purchase also goes to charity.
        </p>
        <div className={styles.actions}>
          <ButtonAnchor href={access.downloadHref} download size="lg" icon={<Download aria-hidden="true" size={20} />}>
            Download Library
          </ButtonAnchor>
        </div>
        <dl className={styles.details}>
          <div>
            <dt>Receipt sent to</dt>
            <dd>{access.email}</dd>
          </div>
          {!Number.isNaN(bought.getTime()) && (
            <div>
              <dt>Bought on</dt>
              <dd>{formatMonthDayYear(calendarDayInLocalZone(bought))}</dd>
            </div>
          )}
        </dl>
        <p className={styles.lead}>
          This page’s link, also in your receipt, downloads the library whenever you need it again. Questions or trouble
          with the files? Write to <Contact subject="Human Sounds library" />.
        </p>
        <div className={styles.actions}>
          <GoToHumanSounds variant="secondary" />
        </div>
      </Card>
    </section>
  );
}

/** A page-sized message for every state without a download. */
function Message({ state, onRetry }: { readonly state: Exclude<LibraryState, { status: 'ready' }>; readonly onRetry: () => void }) {
  const panel = (icon: ReactNode, title: string, body: ReactNode, extra?: ReactNode) => (
    <MessagePanel icon={icon} eyebrow="Human Sounds" title={title} actions={<>{extra}<GoToHumanSounds variant={extra ? 'secondary' : 'primary'} /></>}>
      {body}
    </MessagePanel>
  );
  switch (state.status) {
    case 'loading':
      return (
        <MessagePanel icon={<LoaderCircle aria-hidden="true" />} title="Your download" actions={null}>
          <p role="status">Getting your download ...</p>
        </MessagePanel>
      );
    case 'refused':
      return panel(
        <CircleAlert aria-hidden="true" />,
        'This download link does not work',
        <p>
          The link is incomplete or is not one of ours. Open the link in your receipt e-mail again (copy all of it), or
          write to <Contact subject="Human Sounds download link" /> with the e-mail address you paid with, and we will
          send you a working one.
        </p>,
      );
    case 'revoked':
      return panel(
        <Undo2 aria-hidden="true" />,
        'This purchase was refunded',
        <p>
          The order behind this link was refunded, so its download has ended. If you think that is a mistake, write to{' '}
          <Contact subject="Refunded Human Sounds order" /> with the e-mail address you paid with.
        </p>,
      );
    case 'offline':
      return panel(
        <WifiOff aria-hidden="true" />,
        'A connection is needed to download',
        <p>
          You are offline. Connect to the internet and this page will check your link and show the download. Your
          purchase is safe: the link keeps working.
        </p>,
      );
    case 'failed':
      return panel(
        <CircleAlert aria-hidden="true" />,
        'Your download could not be checked',
        <p role="alert">
          Error: {state.message} Try again in a moment; if it keeps failing, write to{' '}
          <Contact subject="Human Sounds download" />.
        </p>,
        <Button onClick={onRetry}>Try again</Button>,
      );
  }
}

/** /humansounds/thankyou/{token}: the download the purchase's secret token opens, or why not. */
export function HumanSoundsThankYouPage({ token }: { readonly token: string }) {
  const { state, retry } = useLibraryAccess(token);
  const title = state.status === 'ready' ? 'Thank you' : state.status === 'loading' ? 'Your download' : 'Your Human Sounds download';
  return (
    <PublicPage nav="site" title={title} description="Download the Human Sounds library you bought.">
      {state.status === 'ready' ? <Ready access={state.access} /> : <Message state={state} onRetry={retry} />}
    </PublicPage>
  );
}
