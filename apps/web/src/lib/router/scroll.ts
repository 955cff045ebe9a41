import { useContext, useLayoutEffect, useState } from 'react';
import { HistoryContext } from './context';
import { useLocation } from './hooks';

const STORAGE_KEY = 'p2p.scrollPositions';

function savedPositions(): Record<string, number> {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Scroll like a site of separate pages (docs/decisions/040, addendum): back and forward (and a
 * reload) return to where the page was left, a new address opens at its `#anchor` or at the top.
 * Positions are kept per history entry, in the tab's session storage across reloads.
 */
export function ScrollRestoration() {
  const history = useContext(HistoryContext);
  const location = useLocation();
  const [positions] = useState(savedPositions);
  useLayoutEffect(() => {
    if (!history) return;
    window.history.scrollRestoration = 'manual';
    const stop = history.beforeLeave((left) => {
      positions[left.key] = window.scrollY;
    });
    const save = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage refused (private mode): positions last as long as the page.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', save);
    return () => {
      stop();
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, [history, positions]);
  useLayoutEffect(() => {
    const saved = positions[location.key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, positions]);
  return null;
}
