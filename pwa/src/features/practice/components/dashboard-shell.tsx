import { useRef, useState, type ReactNode } from 'react';
import { Menu, X } from 'lucide-react';
import { Brand } from '../../../components/layout/brand';
import { useFocusTrap } from '../../../components/ui/use-focus-trap';
import { SidebarNav, type SidebarNavProps } from './sidebar-nav';
import styles from './dashboard-shell.module.css';

export interface DashboardShellProps extends Omit<SidebarNavProps, 'onChosen'> {
  /** The sync status line. */
  readonly status: ReactNode;
  readonly children: ReactNode;
}

/** Sidebar beside the content on wide screens; on a phone it slides in from a menu button. */
export function DashboardShell({ status, children, ...nav }: DashboardShellProps) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const close = () => setOpen(false);
  useFocusTrap(open, panel, close);
  return (
    <div className={styles.shell}>
      <header className={styles.topBar}>
        <button type="button" className={styles.iconButton} aria-expanded={open} aria-controls="dashboard-sidebar" onClick={() => setOpen(true)}>
          <Menu aria-hidden="true" size={22} />
          <span className="sr-only">Open menu</span>
        </button>
        <Brand />
      </header>
      {open && <div className={styles.scrim} onClick={close} aria-hidden="true" />}
      <div
        ref={panel}
        id="dashboard-sidebar"
        className={styles.sidebar}
        data-open={open}
        role={open ? 'dialog' : undefined}
        aria-modal={open || undefined}
        aria-label={open ? 'Menu' : undefined}
      >
        <button type="button" className={`${styles.iconButton} ${styles.closeButton}`} onClick={close}>
          <X aria-hidden="true" size={22} />
          <span className="sr-only">Close menu</span>
        </button>
        <SidebarNav {...nav} onChosen={close} />
      </div>
      <main id="main" tabIndex={-1} className={styles.main}>
        <div className={styles.status}>{status}</div>
        {children}
      </main>
    </div>
  );
}
