import { useId, useRef } from 'react';
import { Check, Copy, ExternalLink, Share2 } from 'lucide-react';
import { postOnXHref } from './post-link';
import { useCanWebShare, useCopyLink, type CopyState } from './use-copy-link';
import styles from './share-link.module.css';

export interface ShareLinkProps {
  /** The absolute address to copy or share. */
  readonly url: string;
  /** What the link shows, passed to the system share sheet. */
  readonly title: string;
  readonly label?: string;
  /** With a text, a plain link to post it with the address on X (a link, no third-party script). */
  readonly postText?: string;
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

/**
 * A read-only link with Copy Link, a system share button where the device offers one, and, with
 * a `postText`, a link to post it on X.
 */
export function ShareLink({ url, title, label = 'Share this page', postText }: ShareLinkProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const selectText = () => {
    input.current?.focus();
    input.current?.select();
  };
  const { state, copy, share } = useCopyLink(url, title, selectText, postText);
  const canShare = useCanWebShare();
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
        {canShare && (
          <button type="button" className={styles.share} onClick={() => void share()}>
            <Share2 aria-hidden size={18} />
            Share
          </button>
        )}
        {postText !== undefined && (
          <a className={styles.post} href={postOnXHref(postText, url)} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden size={18} />
            Post on X <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
      <p className={state === 'copied' ? styles.statusDone : styles.status} role="status" aria-live="polite">
        {statusText(state)}
      </p>
    </div>
  );
}
