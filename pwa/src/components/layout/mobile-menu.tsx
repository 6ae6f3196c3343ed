import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Menu, X } from 'lucide-react';
import { ButtonLink } from '../ui/button';
import type { NavAction, NavLinkItem } from './nav-items';
import styles from './mobile-menu.module.css';

interface MobileMenuProps {
  readonly links: readonly NavLinkItem[];
  readonly actions: readonly NavAction[];
}

/**
 * The small-screen menu: a toggle and a panel that pops over the page. Opening moves focus into
 * the panel; Escape, a press outside or following a link closes it, and focus returns to the
 * toggle when closed from the keyboard.
 */
export function MobileMenu({ links, actions }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    toggle.current?.focus();
  };

  const onBlur = (event: FocusEvent) => {
    // Tabbing past the last item leaves the menu: close it behind the person. (A press outside
    // is handled above; some browsers do not focus buttons on press, so relatedTarget is null.)
    const next = event.relatedTarget;
    if (open && next instanceof Node && !root.current?.contains(next)) setOpen(false);
  };

  const close = () => setOpen(false);

  return (
    <div className={styles.root} ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={toggle}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Menu"
        onClick={() => setOpen((was) => !was)}
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </button>
      <div id={panelId} ref={panel} className={styles.panel} hidden={!open}>
        <nav aria-label="Main">
          <ul className={styles.links} role="list">
            {links.map((link) => (
              <li key={link.label}>
                {link.to.includes('#') ? (
                  <Link to={link.to} className={styles.link} onClick={close}>
                    {link.label}
                  </Link>
                ) : (
                  <NavLink to={link.to} className={styles.link} onClick={close}>
                    {link.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        {actions.length > 0 && (
          <div className={styles.actions}>
            {actions.map((action) => (
              <ButtonLink
                key={action.label}
                to={action.to}
                block
                variant={action.primary ? 'primary' : 'secondary'}
                onClick={close}
              >
                {action.label}
              </ButtonLink>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
