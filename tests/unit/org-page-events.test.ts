import { describe, expect, it } from 'vitest';
import {
  eventAction,
  eventBadge,
  galleryImages,
  heroImage,
  initialEventId,
  isRsvpBooking,
  safeHttpUrl,
  timeZoneAbbreviation,
} from '../../src/features/org-page/lib/events';
import { type OrgPageRow, toOrgPage } from '../../src/features/org-page/lib/org-page-row';
import { DEFAULT_DEPOSIT_CENTS } from '../../src/config/product';
import { rsvpDepositCents } from '../../src/lib/booking';

const event = (
  over: Partial<{
    id: string;
    kind: 'tickets' | 'rsvp' | 'seatings';
    rsvp_mode: boolean;
    rsvp_open: boolean;
    deposit_amount: number | null;
    total_available: number;
    is_fully_booked: boolean;
  }> = {},
) => ({
  id: 'e1',
  rsvp_mode: false,
  deposit_amount: null,
  total_available: 20,
  is_fully_booked: false,
  ...over,
  // The event's kind follows rsvp_mode, as the generated column does.
  kind: over.kind ?? (over.rsvp_mode ? ('rsvp' as const) : ('tickets' as const)),
});

describe('event cards', () => {
  it('badges: Fully Booked, N spots left at 3 or fewer, else N available', () => {
    expect(eventBadge(event({ total_available: 0, is_fully_booked: true })).text).toBe('Fully Booked');
    expect(eventBadge(event({ total_available: 3 })).text).toBe('3 spots left');
    expect(eventBadge(event({ total_available: 1 })).text).toBe('1 spot left');
    expect(eventBadge(event({ total_available: 4 })).text).toBe('4 available');
  });

  it('buttons: Fully Booked (disabled), RSVP - $X deposit, Reserve Your Spot', () => {
    expect(eventAction(event({ is_fully_booked: true, total_available: 0 }))).toEqual({ label: 'Fully Booked', disabled: true });
    expect(eventAction(event({ rsvp_mode: true, deposit_amount: 500 }))).toEqual({ label: 'RSVP - $5.00 deposit', disabled: false });
    expect(eventAction(event({ kind: 'rsvp', deposit_amount: 2500 })).label).toBe('RSVP - $25.00 deposit');
    expect(eventAction(event({ deposit_amount: 500 })).label).toBe('Reserve Your Spot');
    expect(eventAction(event({ rsvp_mode: true, deposit_amount: 0 })).label).toBe('Reserve Your Spot');
  });

  it('an RSVP event whose RSVPs are closed cannot be chosen and says so', () => {
    const closed = event({ id: 'closed', rsvp_mode: true, rsvp_open: false, deposit_amount: 500 });
    expect(eventBadge(closed)).toEqual({ text: 'RSVPs Closed', variant: 'destructive' });
    expect(eventAction(closed)).toEqual({ label: 'RSVPs Closed', disabled: true });
    expect(initialEventId([closed, event({ id: 'open', rsvp_mode: true, rsvp_open: true })])).toBe('open');
    // rsvp_open only matters for RSVP-mode events.
    expect(eventAction(event({ rsvp_mode: false, rsvp_open: false })).disabled).toBe(false);
  });

  it('an RSVP event without a deposit_amount shows the default deposit the server charges', () => {
    // quote_booking / hold_booking price such an RSVP at coalesce(deposit_amount, 500) per guest.
    expect(DEFAULT_DEPOSIT_CENTS).toBe(500);
    expect(rsvpDepositCents(event({ deposit_amount: null }))).toBe(500);
    expect(rsvpDepositCents(event({ deposit_amount: 2500 }))).toBe(2500);
    expect(rsvpDepositCents(event({ deposit_amount: 0 }))).toBe(0);
    expect(eventAction(event({ rsvp_mode: true, deposit_amount: null }))).toEqual({ label: 'RSVP - $5.00 deposit', disabled: false });
    expect(eventAction(event({ kind: 'rsvp', deposit_amount: null })).label).toBe('RSVP - $5.00 deposit');
    // A ticketed event is not an RSVP: no deposit.
    expect(eventAction(event({ deposit_amount: null })).label).toBe('Reserve Your Spot');
  });

  it("uses the RSVP form for an event that takes RSVPs (its kind), whatever the organization's page says", () => {
    expect(isRsvpBooking({ kind: 'rsvp' })).toBe(true);
    expect(isRsvpBooking({ kind: 'tickets' })).toBe(false);
    expect(isRsvpBooking({ kind: 'seatings' })).toBe(false);
  });

  it('preselects the first event with availability', () => {
    const events = [event({ id: 'a', is_fully_booked: true, total_available: 0 }), event({ id: 'b' }), event({ id: 'c' })];
    expect(initialEventId(events)).toBe('b');
    expect(initialEventId([events[0]])).toBeNull();
    expect(initialEventId([])).toBeNull();
  });

  it('names the event timezone with daylight saving', () => {
    expect(timeZoneAbbreviation('2026-12-06', '19:00', 'America/New_York')).toBe('EST');
    expect(timeZoneAbbreviation('2026-07-06', '19:00', 'America/Los_Angeles')).toBe('PDT');
    expect(timeZoneAbbreviation('bad', '19:00', 'America/Chicago')).toBe('');
  });
});

describe('links and images', () => {
  it('keeps only http(s) URLs', () => {
    expect(safeHttpUrl('https://instagram.com/x')).toBe('https://instagram.com/x');
    expect(safeHttpUrl(' http://example.com ')).toBe('http://example.com');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,hi')).toBeNull();
    expect(safeHttpUrl('example.com')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });

  it('uses the first gallery image as the hero and shows up to 9 after it', () => {
    const images = Array.from({ length: 12 }, (_, i) => `https://img.test/${i}.jpg`);
    expect(heroImage(images)).toBe('https://img.test/0.jpg');
    expect(galleryImages(images)).toEqual(images.slice(1, 10));
    expect(galleryImages(['https://a/0.jpg', 'javascript:x', 'https://a/2.jpg'])).toEqual(['https://a/2.jpg']);
    expect(galleryImages(['https://a/only.jpg'])).toEqual([]);
  });
});

describe('page row', () => {
  type EventRow = OrgPageRow['events'][number];
  /** A row of events_with_availability with only the given columns (the others read as none). */
  const eventRow = (over: Partial<EventRow>): EventRow => over as EventRow;
  const at = (id: string, date: string, time: string, is_active = true) =>
    eventRow({ id, org_id: 'o', title: id, date, event_time: time, event_timezone: 'America/New_York', is_active });
  const base: OrgPageRow = {
    organization: { id: 'o', name: 'Org', slug: 'org', state: 'published' },
    layout: null as unknown as string,
    branding: null as unknown as OrgPageRow['branding'],
    events: [
      at('past', '2026-01-01', '19:00'),
      at('later-today', '2026-03-10', '23:00'),
      at('started', '2026-03-10', '12:00'),
      at('inactive', '2026-04-01', '19:00', false),
    ],
  };
  const now = new Date('2026-03-10T18:00:00Z'); // 2pm in New York

  it('lists only upcoming, active events (today counts until its start time)', () => {
    const page = toOrgPage(base, now);
    expect(page.events.map((e) => e.id)).toEqual(['later-today']);
    expect(page.eventsFailed).toBe(false);
    expect(page.events[0].ticket_types).toEqual([]);
  });

  it('keeps the page when an event lacks its identity, and says so', () => {
    const page = toOrgPage({ ...base, events: [eventRow({ title: 'No id' })] }, now);
    expect(page.events).toEqual([]);
    expect(page.eventsFailed).toBe(true);
  });

  it("fills the page's words for none where a column is null", () => {
    const page = toOrgPage(
      {
        ...base,
        branding: { brand_name: 'Brand', gallery_images: null, reservation_mode: 'rsvp' } as unknown as OrgPageRow['branding'],
        events: [
          {
            ...base.events[1],
            event_timezone: null,
            deposit_amount: null,
            rsvp_slots: [
              { id: 's', slot_time: '19:00', slot_label: null, max_capacity: null, current_rsvps: 2, is_active: null, available_spots: null },
            ],
          } as unknown as EventRow,
        ],
      },
      now,
    );
    expect(page.branding).toMatchObject({ brand_name: 'Brand', gallery_images: [], reservation_mode: 'rsvp' });
    expect(page.events[0]).toMatchObject({
      event_timezone: 'America/New_York',
      rsvp_mode: false,
      kind: 'tickets',
      party_limit: 6,
      deposit_amount: null,
    });
    expect(page.events[0].rsvp_slots[0]).toEqual({
      id: 's',
      slot_time: '19:00',
      slot_label: '',
      max_capacity: 0,
      current_rsvps: 2,
      is_active: true,
      available_spots: 0,
    });
  });

  it('refuses a row without its organization', () => {
    expect(() => toOrgPage({ ...base, organization: null as unknown as OrgPageRow['organization'] }, now)).toThrow();
  });
});
