import { Link, NavLink } from 'react-router-dom';
import { ButtonLink } from '../ui/button';
import { Brand } from './brand';
import { Container } from './container';
import { InstallButton } from './install-button';
import { MobileMenu } from './mobile-menu';
import { navActions, navLinks, type NavVariant } from './nav-items';
import { useNavSignedIn } from './nav-session';
import styles from './site-header.module.css';

interface SiteHeaderProps {
  readonly variant: NavVariant;
}

/** The bar at the top of public pages: brand, the variant's links, and a menu on small screens. */
export function SiteHeader({ variant }: SiteHeaderProps) {
  const signedIn = useNavSignedIn();
  const links = navLinks(variant);
  const actions = navActions(variant, signedIn);

  return (
    <header className={styles.header}>
      <Container className={styles.bar}>
        <Brand />
        <nav className={styles.inline} aria-label="Main">
          <ul className={styles.links} role="list">
            {links.map((link) => (
              <li key={link.label}>
                {link.to.includes('#') ? (
                  <Link to={link.to} className={styles.link}>
                    {link.label}
                  </Link>
                ) : (
                  <NavLink to={link.to} className={styles.link}>
                    {link.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <InstallButton look="label" />
            {actions.map((action) => (
              <ButtonLink key={action.label} to={action.to} size="sm" variant={action.primary ? 'primary' : 'ghost'}>
                {action.label}
              </ButtonLink>
            ))}
          </div>
        </nav>
        <div className={styles.mobileOnly}>
          <InstallButton look="icon" />
          <MobileMenu links={links} actions={actions} />
        </div>
      </Container>
    </header>
  );
}
