import { useSyncExternalStore } from 'react';

/** Phones: below the layout's 768 px breakpoint (the stylesheets' `max-width: 767.98px`). */
export const PHONE = '(max-width: 767.98px)';

/** Whether a media query matches now, following changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
