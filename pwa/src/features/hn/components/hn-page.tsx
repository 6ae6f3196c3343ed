import type { ReactNode } from 'react';
import { Container } from '../../../components/layout/container';
import { SiteFooter } from '../../../components/layout/site-footer';
import { usePageMeta } from '../../../lib/page-meta';
import { HnNavBar, type HnNavAccount } from './hn-nav-bar';
import styles from './hn-page.module.css';

export interface HnPageProps {
  readonly title: string;
  readonly description: string;
  /** Who is signed in, for the bar's avatar; null shows Log in. */
  readonly account: HnNavAccount | null;
  /** Where Log in leads (the sign-in page, returning here). */
  readonly signInHref: string;
  /** Full width (the landing's sections); otherwise a reading-width column. */
  readonly wide?: boolean;
  readonly children: ReactNode;
}

/** The frame of the launch tracker's pages: its own bar, the main landmark, the site's footer. */
export function HnPage({ title, description, account, signInHref, wide = false, children }: HnPageProps) {
  usePageMeta(title, description);
  return (
    <div className={styles.page}>
      <HnNavBar account={account} signInHref={signInHref} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {wide ? children : <Container className={styles.column}>{children}</Container>}
      </main>
      <SiteFooter />
    </div>
  );
}
