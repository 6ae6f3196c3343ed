import { Container } from '../../../components/layout/container';
import { PublicPage } from '../../../components/layout/public-page';
import { PageHeading } from '../../../components/ui/page-heading';
import { useMailbox } from '../data/get-mailbox';
import { MailboxView } from './mailbox-view';
import styles from './mailbox.module.css';

/** The local mailbox page (not in production): where receipts and links arrive without SMTP_URL. */
export function MailboxPage() {
  const { state, reload } = useMailbox();
  return (
    <PublicPage nav="site" title="Local mailbox" description="Every e-mail this Memento server has written.">
      <Container className={styles.page}>
        <PageHeading
          eyebrow="Development"
          title="Local mailbox"
          lead="Every e-mail this server has written, newest first. Without SMTP_URL nothing is sent: the mail arrives here."
        />
        <MailboxView state={state} onReload={reload} />
      </Container>
    </PublicPage>
  );
}
