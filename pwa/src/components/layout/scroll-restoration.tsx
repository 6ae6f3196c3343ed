import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Where React Router's own <ScrollRestoration> kept positions, so a reload finds them. */
const STORAGE_KEY = 'react-router-scroll-positions';

/** The last scroll position of each history entry in this tab, by location key. */
let positions: Record<string, number> | undefined;

/**
 * Only a reload or a Back/Forward into this document can find a stored place: a new visit has
 * nothing there, and skips the first session-storage read, which is slow enough to delay its paint.
 */
function canHaveStored(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation === undefined || navigation.type !== 'navigate';
}

function readStored(always = false): Record<string, number> {
  if (!always && !canHaveStored()) return {};
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    if (stored) return JSON.parse(stored) as Record<string, number>;
  } catch {
    // Blocked or damaged storage: start afresh.
  }
  return {};
}

/**
 * What React Router's <ScrollRestoration> does, for a router without data APIs: a new page
 * starts at the top (or at its #hash), Back and Forward return to where the page was left, and
 * a reload keeps the place. Positions are recorded as the page scrolls.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const current = useRef(location.key);
  /** The document's first page: the browser opened it at the top already. */
  const firstPage = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const record = () => {
      positions ??= readStored();
      positions[current.current] = window.scrollY;
    };
    const save = () => {
      record();
      try {
        // Other documents of this tab may have left places there: keep them for their Back.
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readStored(true), ...positions }));
      } catch {
        // Storage full or blocked: positions are kept for this visit only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const first = firstPage.current;
    firstPage.current = false;
    positions ??= readStored();
    const y = positions[location.key];
    if (typeof y === 'number') {
      window.scrollTo(0, y);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable element id: start at the top.
      }
    }
    // A new document starts at the top by itself; asking again would force a layout of the page
    // just rendered (a 40 ms reflow on a phone) before it can paint.
    if (!first) window.scrollTo(0, 0);
  }, [location]);

  return null;
}
