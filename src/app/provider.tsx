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

// The toaster is not needed for the first paint: it loads once the page is idle (at most 2 s
// after start), so its ~10 KB gzip do not compete with the page's own code and data. A toast
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
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 500);
    return () => window.clearTimeout(id);
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
            <Toaster position="top-center" richColors closeButton style={toastColors} />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
