import type { ReactNode } from 'react';
import { usePageMeta } from '../../lib/page-meta';

export type NavVariant = 'site' | 'tools' | 'life';

export interface PublicPageProps {
  /** Which navigation bar the page carries: the landing site's, the date tools', or the life chart's. */
  readonly nav: NavVariant;
  /** The document title (without the product name) and meta description. */
  readonly title: string;
  readonly description: string;
  readonly children: ReactNode;
}

/** The frame of every public page: navigation, main landmark, footer, and the page's meta tags. */
export function PublicPage({ title, description, children }: PublicPageProps) {
  usePageMeta(title, description);
  return <main id="main">{children}</main>;
}
