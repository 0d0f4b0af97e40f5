import { lazy, Suspense, useEffect, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ToasterProps } from 'sonner';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { makeQueryClient } from '@/lib/react-query';

// sonner's rich colours miss WCAG AA contrast (about 4.35:1); these darker texts pass it.
const toastColors = {
  '--error-text': 'hsl(0, 100%, 36%)',
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
} as CSSProperties;

// On phones (under 600 px, where sonner's toasts span the width) they open below the admin panel's
// sticky header (3.5 rem) instead of over it, so a toast never hides its menu or its title.
const PHONE_OFFSET = { top: 64 };

// The toaster is not needed for the first paint: it loads once the page has loaded (its images
// too) and is idle (at most 2 s after the load event, 5 s after start at the latest), so its
// ~10 KB gzip do not compete with the page's own code, data and images. A toast
// raised before it arrives still shows: sonner replays the active toasts to a Toaster when it
// mounts. A chunk that fails to load leaves the page without toasts rather than crashing it.
const Toaster = lazy((): Promise<{ default: ComponentType<ToasterProps> }> =>
  import('sonner').then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: () => null }),
  ),
);

function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    const timers = [window.setTimeout(done, 5000)];
    let idleId: number | undefined;
    const afterLoad = () => {
      if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(done, { timeout: 2000 });
      else timers.push(window.setTimeout(done, 500));
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      timers.forEach((id) => window.clearTimeout(id));
      if (idleId !== undefined) window.cancelIdleCallback(idleId);
    };
  }, []);
  return idle;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const idle = useWhenIdle();
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        {idle ? (
          <Suspense fallback={null}>
            <Toaster position="top-center" mobileOffset={PHONE_OFFSET} richColors closeButton style={toastColors} />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
