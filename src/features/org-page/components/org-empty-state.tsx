import { safeHttpUrl } from '../lib/events';
import type { Branding } from '../types';
import { hideBrokenImage } from '../lib/images';
import { buttonClass } from './page-ui';

export const DEFAULT_EMPTY_TITLE = 'New Experiences Coming Soon';
const DEFAULT_EMPTY_MESSAGE = 'There are no upcoming events right now. Check back soon for new dates.';

/** Shown when nothing is upcoming; every text is configurable in the branding settings. */
export function OrgEmptyState({ branding }: { branding: Branding | null }) {
  const image = safeHttpUrl(branding?.empty_state_image_url);
  const ctaHref = safeHttpUrl(branding?.instagram_url) ?? safeHttpUrl(branding?.website_url);
  const ctaText = branding?.empty_state_cta_text;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-lg border bg-card p-8 text-center">
      {image ? <img src={image} alt="" loading="lazy" className="max-h-64 w-full rounded-md object-cover" onError={hideBrokenImage} /> : null}
      <h3 className="font-serif text-2xl font-semibold">{branding?.empty_state_title || DEFAULT_EMPTY_TITLE}</h3>
      <p className="whitespace-pre-line text-muted-foreground">{branding?.empty_state_message || DEFAULT_EMPTY_MESSAGE}</p>
      {ctaText && ctaHref ? (
        <a href={ctaHref} target="_blank" rel="noopener noreferrer" className={buttonClass()}>
          {ctaText}
        </a>
      ) : ctaText ? (
        <p className="font-medium">{ctaText}</p>
      ) : null}
    </div>
  );
}
