import { z } from 'zod';
import { isUpcoming } from '@/lib/dates';
import { brandingSchema, organizationSchema, publicEventSchema, type PublicEvent, type PublicOrgPage } from '../types';

/** Thrown when the page could not be loaded at all (network, server, malformed payload). */
export class OrgPageLoadError extends Error {
  override name = 'OrgPageLoadError';
}

export function parseOrgPage(data: unknown, now: Date = new Date()): PublicOrgPage {
  const root = z.object({ organization: organizationSchema, branding: z.unknown(), events: z.unknown() }).safeParse(data);
  if (!root.success) throw new OrgPageLoadError('The organization page data could not be read.');
  const branding = root.data.branding == null ? null : brandingSchema.safeParse(root.data.branding);
  const events = z.array(publicEventSchema).safeParse(root.data.events ?? []);
  return {
    organization: root.data.organization,
    branding: branding?.success ? branding.data : null,
    // The SQL lists only upcoming events; the client checks again so an event that starts
    // while the page is open (or a skewed server clock) is not offered.
    events: events.success ? events.data.filter((e: PublicEvent) => e.is_active && isUpcoming(e, now)) : [],
    eventsFailed: !events.success,
  };
}

