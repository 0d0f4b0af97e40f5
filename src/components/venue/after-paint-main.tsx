import { Suspense, type ReactNode } from 'react';
import { useAfterPaint } from '@/hooks/use-after-paint';
import { PageSpinner } from '@/components/layout/page-spinner';

/**
 * A page's main part whose content (a lazily loaded booking part) renders once the page's first
 * render is painted; its spinner shows until then and while that code loads.
 *
 * `headerReady`: whether the venue's header above has its data (or failed to get it). Until then
 * there is no main part at all (the header's placeholders say the page is loading): the header
 * grows into its data (a long name takes two lines on a phone), and anything below it would be
 * pushed down, a layout shift.
 */
export function AfterPaintMain({ loadingLabel, headerReady, children }: { loadingLabel: string; headerReady: boolean; children: ReactNode }) {
  const painted = useAfterPaint();
  if (!headerReady) return null;
  const spinner = <PageSpinner label={loadingLabel} />;
  return (
    <main className="container py-10 sm:py-14">
      <Suspense fallback={spinner}>{painted ? children : spinner}</Suspense>
    </main>
  );
}
