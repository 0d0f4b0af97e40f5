import type { ReactNode } from 'react';
import { PageMeta } from '@/components/seo/page-meta';
import { PageSpinner } from '@/components/layout/page-spinner';
import { bookingPanelContext, type BookingPanelContext } from '../lib/booking-panel-context';
import { useOrgPageData, useSelectedEvent } from '../hooks/use-org-page-data';
import { useOrgTheme } from '../hooks/use-org-theme';
import type { PublicEvent } from '../types';
import { OrgEmptyState } from './org-empty-state';
import { OrgNotFound } from './org-not-found';

interface Props {
  slug: string;
  renderEventPicker(args: { events: readonly PublicEvent[]; selectedId: string | null; select(id: string): void }): ReactNode;
  renderBookingPanel(context: BookingPanelContext): ReactNode;
}

/** The booking form alone (event choice + booking panel), with the organization's theme: the embed. */
export function OrgBookingWidget({ slug, renderEventPicker, renderBookingPanel }: Props) {
  const state = useOrgPageData(slug);
  useOrgTheme(state.status === 'ready' ? state.page.branding : null);
  const events = state.status === 'ready' ? state.page.events : [];
  const { selected, select } = useSelectedEvent(events, state.linked);

  if (state.status === 'loading') return <PageSpinner label="Loading reservation page..." />;
  if (state.status === 'not-found') return <OrgNotFound compact />;

  const { page } = state;
  const name = page.branding?.brand_name || page.organization.name;
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <PageMeta title={`Book ${name}`} />
      <h1 className="font-serif text-2xl font-semibold">{name}</h1>
      {events.length === 0 ? (
        <OrgEmptyState branding={page.branding} />
      ) : (
        <>
          {renderEventPicker({ events, selectedId: selected?.id ?? null, select })}
          {selected ? renderBookingPanel(bookingPanelContext(page, selected, state.refetch)) : null}
        </>
      )}
    </div>
  );
}
