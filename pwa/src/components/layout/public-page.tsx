import type { ReactNode } from 'react';
import { usePageMeta } from '../../lib/page-meta';
import type { NavVariant } from './nav-items';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import styles from './public-page.module.css';

export type { NavVariant } from './nav-items';

export interface PublicPageProps {
  /** Which navigation bar the page carries: the landing site's, the date tools', or the life chart's. */
  readonly nav: NavVariant;
  /** The document title (without the product name) and meta description. */
  readonly title: string;
  readonly description: string;
  readonly children: ReactNode;
}

/** The frame of every public page: navigation, main landmark, footer, and the page's meta tags. */
export function PublicPage({ nav, title, description, children }: PublicPageProps) {
  usePageMeta(title, description);
  return (
    <div className={styles.page}>
      <SiteHeader variant={nav} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
