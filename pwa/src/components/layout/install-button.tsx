import { Download } from 'lucide-react';
import { useInstallOffer } from '../../lib/install-prompt';
import { Button } from '../ui/button';
import styles from './site-header.module.css';

interface InstallButtonProps {
  /** 'icon' for the small-screen bar, 'label' beside the desktop links. */
  readonly look: 'icon' | 'label';
}

/** Shown only when the browser has offered to install the app; opens its install dialog. */
export function InstallButton({ look }: InstallButtonProps) {
  const { offer, install } = useInstallOffer();
  if (offer !== 'prompt') return null;

  if (look === 'icon') {
    return (
      <button type="button" className={styles.iconButton} onClick={() => void install()}>
        <Download aria-hidden="true" />
        <span className="sr-only">Install Memento</span>
      </button>
    );
  }
  return (
    <Button size="sm" variant="ghost" icon={<Download aria-hidden="true" />} onClick={install}>
      Install app
    </Button>
  );
}
