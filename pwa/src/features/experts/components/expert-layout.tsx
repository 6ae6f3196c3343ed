import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '#core/paths';
import { Container } from '../../../components/layout/container';
import { SiteFooter } from '../../../components/layout/site-footer';
import { usePageMeta } from '../../../lib/page-meta';
import styles from './expert.module.css';

interface ExpertLayoutProps {
  readonly title: string;
  readonly description: string;
  /** The public page's header carries 'Make your own Expert page' instead of the tool's links. */
  readonly variant?: 'tool' | 'public';
  readonly narrow?: boolean;
  readonly children: ReactNode;
}

/** The expert tool's frame: its own bar (Expert, Pricing, About, the main site), main, footer. */
export function ExpertLayout({ title, description, variant = 'tool', narrow = false, children }: ExpertLayoutProps) {
  usePageMeta(title, description);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Container className={styles.bar}>
          <Link to={paths.expert.href()} className={styles.brandLink}>
            Memento Experts
          </Link>
          <nav aria-label="Expert">
            <ul className={styles.navList} role="list">
              {variant === 'public' ? (
                <li>
                  <Link to={paths.expert.href()} className={styles.navLink}>
                    Make your own Expert page
                  </Link>
                </li>
              ) : (
                <>
                  <li>
                    <NavLink to={paths.expert.href()} end className={styles.navLink}>
                      Expert
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.expertPricing.href()} className={styles.navLink}>
                      Pricing
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.expertAbout.href()} className={styles.navLink}>
                      About
                    </NavLink>
                  </li>
                  <li>
                    <Link to={paths.home.href()} className={styles.navLink}>
                      Memento
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        <Container narrow={narrow}>{children}</Container>
      </main>
      <SiteFooter />
    </div>
  );
}
