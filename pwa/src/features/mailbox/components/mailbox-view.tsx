import type { MailboxMail } from '#core/schemas/mailbox';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { MailboxState } from '../data/get-mailbox';
import { LinkedText } from './linked-text';
import styles from './mailbox.module.css';

function deliveryLine(mail: MailboxMail): string {
  if (mail.sentAt !== null) {
    const when = new Date(mail.sentAt).toLocaleString();
    return mail.deliveredVia === 'smtp' ? `Sent by SMTP ${when}` : `Delivered to this mailbox ${when} (nothing left this machine)`;
  }
  if (mail.failedAt !== null) return `Given up after ${mail.attempts} tries: ${mail.lastError ?? 'no reason kept'}`;
  if (mail.lastError !== null) return `Waiting to be tried again (${mail.attempts} tries): ${mail.lastError}`;
  return 'Queued';
}

function MailItem({ mail }: { readonly mail: MailboxMail }) {
  return (
    <Card as="li" className={styles.mail} aria-label={mail.subject}>
      <h2 className={styles.subject}>{mail.subject}</h2>
      <dl className={styles.meta}>
        <dt>To</dt>
        <dd>{mail.to}</dd>
        {mail.replyTo !== null && (
          <>
            <dt>Reply to</dt>
            <dd>{mail.replyTo}</dd>
          </>
        )}
        <dt>Written</dt>
        <dd>
          <time dateTime={mail.createdAt}>{new Date(mail.createdAt).toLocaleString()}</time>
        </dd>
        <dt>Status</dt>
        <dd>{deliveryLine(mail)}</dd>
      </dl>
      <p className={styles.text}>
        <LinkedText text={mail.text} />
      </p>
      {mail.html !== null && (
        <details className={styles.html}>
          <summary>HTML version</summary>
          {/* sandbox="": no scripts, forms, plugins or navigation, and a unique origin. The links
              to follow are in the text part above. */}
          <iframe sandbox="" srcDoc={mail.html} title={`HTML version of ${mail.subject}`} className={styles.frame} />
        </details>
      )}
    </Card>
  );
}

export interface MailboxViewProps {
  readonly state: MailboxState;
  readonly onReload: () => void;
}

/** The local mailbox: every mail the server queued, newest first. */
export function MailboxView({ state, onReload }: MailboxViewProps) {
  return (
    <>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onReload} busy={state.status === 'loading'}>
          Refresh
        </Button>
      </div>
      {state.status === 'unavailable' && (
        <p role="status">The mailbox is not available: it exists only on a server running outside production.</p>
      )}
      {state.status === 'ready' && state.mails.length === 0 && <p role="status">No mail yet.</p>}
      {state.status === 'ready' && state.mails.length > 0 && (
        <ul className={styles.list} aria-label="Mails">
          {state.mails.map((mail) => (
            <MailItem key={mail.id} mail={mail} />
          ))}
        </ul>
      )}
    </>
  );
}
