import { useId, useRef } from 'react';
import { Check, Copy, Share2 } from 'lucide-react';
import { canWebShare, useCopyLink, type CopyState } from './use-copy-link';
import styles from './share-link.module.css';

export interface ShareLinkProps {
  /** The absolute address to copy or share. */
  readonly url: string;
  /** What the link shows, passed to the system share sheet. */
  readonly title: string;
  readonly label?: string;
}

function copyShortcut(): string {
  return /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘C' : 'Ctrl+C';
}

function statusText(state: CopyState): string {
  switch (state) {
    case 'idle':
      return '';
    case 'copied':
      return 'Copied';
    case 'manual':
      return `Copying isn't allowed here. The link is selected: press ${copyShortcut()} to copy.`;
    case 'share-failed':
      return "Sharing didn't work. Copy the link instead.";
  }
}

/** A read-only link with Copy Link and, where the device offers it, a system share button. */
export function ShareLink({ url, title, label = 'Share this page' }: ShareLinkProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const selectText = () => {
    input.current?.focus();
    input.current?.select();
  };
  const { state, copy, share } = useCopyLink(url, title, selectText);
  const copied = state === 'copied';

  return (
    <div className={styles.shareLink}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          ref={input}
          id={inputId}
          className={styles.url}
          type="url"
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className={styles.copy} onClick={() => void copy()}>
          {copied ? <Check aria-hidden size={18} /> : <Copy aria-hidden size={18} />}
          Copy Link
        </button>
        {canWebShare() && (
          <button type="button" className={styles.share} onClick={() => void share()}>
            <Share2 aria-hidden size={18} />
            Share
          </button>
        )}
      </div>
      <p className={state === 'copied' ? styles.statusDone : styles.status} role="status" aria-live="polite">
        {statusText(state)}
      </p>
    </div>
  );
}
