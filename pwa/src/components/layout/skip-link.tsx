import type { MouseEvent } from 'react';
import styles from './skip-link.module.css';

const MAIN_ID = 'main';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  // Move focus without touching the URL (the router owns it).
  event.preventDefault();
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
  main.scrollIntoView();
}

/** The first stop for keyboard users: jumps past the navigation to the page's content. */
export function SkipLink() {
  return (
    <a className={styles.skip} href={`#${MAIN_ID}`} onClick={focusMain}>
      Skip to content
    </a>
  );
}
