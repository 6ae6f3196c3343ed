import { Link } from 'react-router-dom';
import { paths } from '#core/paths';
import { useCurrentYear } from '../../lib/current-instant';
import { Container } from './container';
import styles from './site-footer.module.css';

/** The footer of public pages: the current year's copyright, where it is made, and links. */
export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className={`${styles.footer} render-near-view`}>
      <Container className={styles.inner}>
        <p className={styles.meta}>
          <span>© {year} Memento</span>
          <span>Made with care in NYC</span>
        </p>
        <nav aria-label="Footer">
          <ul className={styles.links} role="list">
            <li>
              <Link to={paths.tools.href()}>Tools</Link>
            </li>
            <li>
              <Link to={paths.privacyPolicy.href()}>Privacy</Link>
            </li>
          </ul>
        </nav>
      </Container>
    </footer>
  );
}
