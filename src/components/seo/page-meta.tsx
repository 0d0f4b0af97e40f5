import { lazy, Suspense } from 'react';
import { site } from '@/config/site';
import { useAfterPaint } from '@/hooks/use-after-paint';

interface Props {
  /** The page's own title; the product name is appended. */
  title?: string;
  description?: string;
  /** Absolute or root-relative canonical URL. */
  canonical?: string;
  /** Replaces the composed title entirely. */
  fullTitle?: string;
}

// react-helmet-async, loaded once the first render is painted: its ~5 KB gzip stay out of the JS every
// public page needs before it renders (docs/BENCHMARKS.md). On React 19 <Helmet> renders the
// tags and React hoists them into <head>, so no <HelmetProvider> is needed; until the chunk
// arrives, index.html's title and description stand.
const Helmet = lazy(() => import('react-helmet-async').then((m) => ({ default: m.Helmet })));

export function PageMeta({ title, description, canonical, fullTitle }: Props) {
  const text = fullTitle ?? (title ? `${title} | ${site.productName}` : site.productName);
  const canonicalHref = canonical ? new URL(canonical, window.location.origin).toString() : undefined;
  const painted = useAfterPaint();
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <Helmet>
        <title>{text}</title>
        {description ? <meta name="description" content={description} /> : null}
        {canonicalHref ? <link rel="canonical" href={canonicalHref} /> : null}
      </Helmet>
    </Suspense>
  );
}
