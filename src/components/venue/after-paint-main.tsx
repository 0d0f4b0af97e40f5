import { Suspense, type ReactNode } from 'react';
import { useAfterPaint } from '@/hooks/use-after-paint';
import { PageSpinner } from '@/components/layout/page-spinner';

/**
 * A page's main part whose content (a lazily loaded booking part) renders once the page's first
 * render is painted; its spinner shows until then and while that code loads.
 */
export function AfterPaintMain({ loadingLabel, children }: { loadingLabel: string; children: ReactNode }) {
  const painted = useAfterPaint();
  const spinner = <PageSpinner label={loadingLabel} />;
  return (
    <main className="container py-10 sm:py-14">
      <Suspense fallback={spinner}>{painted ? children : spinner}</Suspense>
    </main>
  );
}
