import { Link } from 'react-router-dom';
import { MessageSquareReply } from 'lucide-react';
import { paths } from '#core/paths';
import { Container } from '../../../components/layout/container';
import { ButtonLink } from '../../../components/ui/button';
import { ProBadge } from './pro-badge';
import styles from './hn-nav-bar.module.css';

/** The signed-in person as the bar shows them. */
export interface HnNavAccount {
  readonly name: string;
  readonly email: string;
  readonly isPaid: boolean;
}

/**
 * The first letter of the name (or the e-mail). The avatar is drawn, not loaded: a picture from
 * the sign-in provider's servers is another site's request on every page, which we do not make.
 */
function initial({ name, email }: HnNavAccount): string {
  return (name.trim() || email.trim()).charAt(0).toUpperCase() || '?';
}

/** The launch dashboard's bar: the logo back to the list; Log in, or the avatar to the account. */
export function HnNavBar({ account, signInHref }: { readonly account: HnNavAccount | null; readonly signInHref: string }) {
  return (
    <header className={styles.header}>
      <Container className={styles.bar}>
        <Link to={paths.hnrd.href()} className={styles.logo}>
          <span className={styles.mark} aria-hidden="true">
            <MessageSquareReply />
          </span>
          Launch Tracker
        </Link>
        {account === null ? (
          <ButtonLink to={signInHref} size="sm" variant="secondary">
            Log in
          </ButtonLink>
        ) : (
          <div className={styles.account}>
            {account.isPaid && <ProBadge />}
            <Link to={paths.account.href()} className={styles.avatar} aria-label={`Your account (${account.email})`}>
              <span aria-hidden="true">{initial(account)}</span>
            </Link>
          </div>
        )}
      </Container>
    </header>
  );
}
