import { useSyncExternalStore } from 'react';
import { limits } from '@/config/site';

const query = `(max-width: ${limits.mobileBreakpointPx - 1}px)`;

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/** True below the 768 px breakpoint (the mobile layout of the panel). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
