import { Helmet } from 'react-helmet-async';
import { site } from '@/config/site';

interface Props {
  /** The page's own title; the product name is appended. */
  title?: string;
  description?: string;
  /** Absolute or root-relative canonical URL. */
  canonical?: string;
  /** Replaces the composed title entirely. */
  fullTitle?: string;
}

export function PageMeta({ title, description, canonical, fullTitle }: Props) {
  const text = fullTitle ?? (title ? `${title} | ${site.productName}` : site.productName);
  const canonicalHref = canonical ? new URL(canonical, window.location.origin).toString() : undefined;
  return (
    <Helmet>
      <title>{text}</title>
      {description ? <meta name="description" content={description} /> : null}
      {canonicalHref ? <link rel="canonical" href={canonicalHref} /> : null}
    </Helmet>
  );
}
