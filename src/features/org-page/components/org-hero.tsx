import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CameraIcon, GlobeIcon } from './page-icons';
import { heroImage, safeHttpUrl } from '../lib/events';
import type { Branding, Organization } from '../types';
import { afterImagePainted, hideBrokenImage } from '../lib/images';
import { PageButton } from './page-ui';

interface Props {
  organization: Organization;
  branding: Branding | null;
  rsvpMode: boolean;
  onScrollToEvents(): void;
  /** The background image is on screen, or failed to load. */
  onBackgroundShown?(): void;
}

export function OrgHero({ organization, branding, rsvpMode, onScrollToEvents, onBackgroundShown }: Props) {
  const name = branding?.brand_name || organization.name;
  const logo = safeHttpUrl(branding?.logo_url);
  const background = heroImage(branding?.gallery_images ?? []);
  const links = [
    { label: 'Instagram', href: safeHttpUrl(branding?.instagram_url), Icon: CameraIcon },
    { label: 'Website', href: safeHttpUrl(branding?.website_url), Icon: GlobeIcon },
  ].filter((link) => link.href);
  return (
    <header className="relative isolate overflow-hidden bg-primary text-primary-foreground">
      {background ? (
        <>
          <img
            src={background}
            alt=""
            className="absolute inset-0 -z-20 h-full w-full object-cover"
            fetchPriority="high"
            onLoad={(event) => onBackgroundShown && afterImagePainted(event.currentTarget, onBackgroundShown)}
            onError={(event) => {
              hideBrokenImage(event);
              onBackgroundShown?.();
            }}
          />
          <div className="absolute inset-0 -z-10 bg-black/55" aria-hidden />
        </>
      ) : null}
      <div className={`container flex flex-col items-center gap-5 py-16 text-center sm:py-24 ${background ? 'text-white' : ''}`}>
        {logo ? (
          <img
            src={logo}
            alt={`${name} logo`}
            className="h-20 w-20 rounded-full bg-white object-contain p-1 shadow sm:h-24 sm:w-24"
            onError={hideBrokenImage}
          />
        ) : null}
        <h1 className="font-serif text-4xl font-semibold tracking-tight sm:text-5xl">{name}</h1>
        {branding?.bookings_description ? (
          <p className="max-w-2xl whitespace-pre-line text-base opacity-90 sm:text-lg">{branding.bookings_description}</p>
        ) : null}
        <PageButton size="lg" variant="secondary" onClick={onScrollToEvents}>
          {rsvpMode ? 'View Events & RSVP' : 'Book Your Experience'}
        </PageButton>
        {branding?.private_dinners ? (
          <Link to={paths.orgPrivateDinner.getHref(organization.slug)} className="text-sm underline underline-offset-4">
            Plan a private dinner
          </Link>
        ) : null}
        {links.length ? (
          <nav aria-label={`${name} links`} className="flex flex-wrap justify-center gap-4 text-sm">
            {links.map(({ label, href, Icon }) => (
              <a
                key={label}
                href={href ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 underline-offset-4 hover:underline"
              >
                <Icon className="h-4 w-4" />
                {` ${label}`}
              </a>
            ))}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
