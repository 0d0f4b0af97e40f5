import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PageMeta } from '@/components/seo/page-meta';
import { PageSpinner } from '@/components/layout/page-spinner';
import { useOrgPageData, useSelectedEvent } from '../hooks/use-org-page-data';
import { useOrgTheme } from '../hooks/use-org-theme';
import { bookingPanelContext, type BookingPanelContext, type RefetchPage } from '../lib/booking-panel-context';
import { heroImage } from '../lib/events';
import type { PublicOrgPage } from '../types';
import { BookingPanelFallback } from './booking-panel-fallback';
import { OrgHero } from './org-hero';
import { OrgMenu } from './org-menu';
import { OrgGallery } from './org-gallery';
import { OrgNotFound } from './org-not-found';
import { OrgUnavailable } from './org-unavailable';
import { OrgEmptyState } from './org-empty-state';
import { EventCard } from './event-card';

interface Props {
  slug: string;
  /** The route composes the booking forms (features never import each other). */
  renderBookingPanel(context: BookingPanelContext): ReactNode;
}

export function OrgPage({ slug, renderBookingPanel }: Props) {
  const state = useOrgPageData(slug);
  useOrgTheme(state.status === 'ready' ? state.page.branding : null);
  if (state.status === 'loading') return <PageSpinner label="Loading reservation page..." />;
  if (state.status === 'not-found') {
    return (
      <>
        <PageMeta title="Organization Not Found" />
        <OrgNotFound />
      </>
    );
  }
  if (state.page.organization.state !== 'published') {
    return <OrgUnavailable name={state.page.branding?.brand_name || state.page.organization.name} state={state.page.organization.state} />;
  }
  return <OrgPageContent page={state.page} linked={state.linked} refetch={state.refetch} renderBookingPanel={renderBookingPanel} />;
}

function OrgPageContent({
  page,
  linked,
  refetch,
  renderBookingPanel,
}: {
  page: PublicOrgPage;
  /** The dinner a shared link names (?event=), or null. */
  linked: string | null;
  refetch: RefetchPage;
  renderBookingPanel: Props['renderBookingPanel'];
}) {
  const { organization, branding, events } = page;
  const { selected, select } = useSelectedEvent(events, linked);
  const heroShown = useHeroShown(heroImage(branding?.gallery_images ?? []) !== null);
  const eventsRef = useRef<HTMLElement>(null);
  const bookingRef = useRef<HTMLElement>(null);
  // A shared link to one dinner opens at its card (the booking panel follows it).
  const linkedListed = linked !== null && events.some((e) => e.id === linked);
  useEffect(() => {
    if (linkedListed) document.getElementById(`event-${linked}-title`)?.scrollIntoView({ block: 'center' });
  }, [linked, linkedListed]);
  const name = branding?.brand_name || organization.name;
  const orgRsvp = branding?.reservation_mode === 'rsvp';
  const description = branding?.bookings_description?.slice(0, 160) || `Reserve your seat at ${name}'s upcoming dining experiences.`;

  return (
    <div className="min-h-screen bg-background">
      {/* One URL for search engines whatever the query (a dinner's link may name an unlisted one). */}
      <PageMeta title={name} description={description} canonical={`/${organization.slug}`} />
      <OrgHero
        organization={organization}
        branding={branding}
        rsvpMode={orgRsvp}
        onScrollToEvents={() => eventsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        onBackgroundShown={heroShown.done}
      />
      <main>
        <OrgMenu content={branding?.menu_content ?? null} fileUrl={branding?.menu_file_url ?? null} />
        <OrgGallery images={branding?.gallery_images ?? []} brandName={name} />
        <section ref={eventsRef} id="events" aria-labelledby="events-heading" className="container scroll-mt-4 py-12">
          <h2 id="events-heading" className="mb-8 text-center font-serif text-3xl font-semibold">
            Upcoming Experiences
          </h2>
          {events.length === 0 ? (
            <OrgEmptyState branding={branding} />
          ) : (
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {events.map((event) => (
                <EventCard
                  key={event.id}
                  event={event}
                  selected={selected?.id === event.id}
                  onSelect={() => {
                    select(event.id);
                    // After the panel re-renders for the new event.
                    requestAnimationFrame(() => bookingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
                  }}
                />
              ))}
            </div>
          )}
        </section>
        {selected ? (
          <section ref={bookingRef} id="booking" aria-label="Booking" className="container scroll-mt-4 pb-16">
            <div className="mx-auto max-w-2xl">
              {heroShown.value ? renderBookingPanel(bookingPanelContext(page, selected, refetch)) : <BookingPanelFallback />}
            </div>
          </section>
        ) : null}
      </main>
    </div>
  );
}

/** How long the booking forms wait at most for the hero image. */
const HERO_WAIT_MS = 2000;

/**
 * Whether the hero image is on screen (or failed, or there is none). The booking forms, further
 * down the page, start loading their code only then (their placeholder shows meanwhile): the
 * hero, the page's largest paint, does not share the network and the main thread with them.
 * After HERO_WAIT_MS they load anyway.
 */
function useHeroShown(hasHero: boolean) {
  const [shown, setShown] = useState(!hasHero);
  useEffect(() => {
    if (shown) return;
    const id = window.setTimeout(() => setShown(true), HERO_WAIT_MS);
    return () => window.clearTimeout(id);
  }, [shown]);
  return { value: shown, done: () => setShown(true) };
}
