import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, icsContent, icsFileName, isoWithOffset, outlookCalendarUrl } from '../../src/features/reservation-details/lib/calendar';
import {
  calendarEventFor,
  dateAndTime,
  linkProblemSentence,
  locationLine,
  parseReservationParams,
  ticketLine,
} from '../../src/features/reservation-details/lib/reservation-params';

function parse(query: string) {
  return parseReservationParams(new URLSearchParams(query));
}

const good =
  'name=Ada+Lovelace&email=ada%40example.com&eventTitle=Harvest+Dinner&eventDate=2026-12-06&guests=2&ticketType=food_wine&totalPrice=350.00';

describe('reservation details query parameters', () => {
  it('reads every parameter of a confirmation link', () => {
    const r = parse(`${good}&dietaryRestrictions=no+nuts&specialRequests=window`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.details).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      eventTitle: 'Harvest Dinner',
      eventDate: '2026-12-06',
      eventTime: '19:00',
      guests: 2,
      ticket: { label: 'Food + Wine Pairing', pricePerPersonCents: 17500 },
      totalCents: 35000,
      invited: false,
      dietaryRestrictions: 'no nuts',
      specialRequests: 'window',
    });
    expect(dateAndTime(r.details)).toBe('Sunday, December 6, 2026 at 7:00 PM');
    expect(locationLine(r.details)).toBe('Brooklyn, NY (Address sent to ada@example.com)');
  });

  it("shows and adds to calendars the dinner's own start when the link gives it", () => {
    const r = parse(`${good}&eventTime=20:30`);
    if (!r.ok) throw new Error('fixture');
    expect(dateAndTime(r.details)).toBe('Sunday, December 6, 2026 at 8:30 PM');
    expect(calendarEventFor(r.details)).toMatchObject({ startTime: '20:30', endTime: '22:30', timeZone: 'America/New_York' });
    const unreadable = parse(`${good}&eventTime=soon`);
    expect(unreadable.ok && dateAndTime(unreadable.details)).toBe('Sunday, December 6, 2026 at 7:00 PM');
  });

  it('maps the two confirmation ticket types to their labels and prices', () => {
    const wine = parse(good.replace('food_wine', 'food_wine'));
    const only = parse(good.replace('food_wine', 'food_only'));
    const spaced = parse(good.replace('food_wine', 'food+only'));
    expect(wine.ok && ticketLine(wine.details.ticket!)).toBe('Food + Wine Pairing ($175.00 per person)');
    expect(only.ok && ticketLine(only.details.ticket!)).toBe('Food Only ($125.00 per person)');
    expect(spaced.ok && spaced.details.ticket?.label).toBe('Food Only');
  });

  it('shows another ticket type by name, priced from the total', () => {
    const r = parse(good.replace('food_wine', 'Chef%27s+Counter').replace('350.00', '400'));
    expect(r.ok && ticketLine(r.details.ticket!)).toBe("Chef's Counter ($200.00 per person)");
  });

  it.each([
    ['', ['event', 'date', 'party size']],
    [good.replace('2026-12-06', 'not-a-date'), ['date']],
    [good.replace('2026-12-06', '2026-02-30'), ['date']],
    [good.replace('guests=2', 'guests=0'), ['party size']],
    [good.replace('guests=2', 'guests=two'), ['party size']],
    [good.replace('eventTitle=Harvest+Dinner', 'eventTitle=+').replace('guests=2', 'guests='), ['event', 'party size']],
  ])('refuses a link with unusable parameters (%s)', (query, problems) => {
    const r = parse(query);
    expect(r).toEqual({ ok: false, problems });
  });

  it.each([
    [['date'], "The link's date is missing or unreadable."],
    [['date', 'party size'], "The link's date and party size are missing or unreadable."],
    [['event', 'date', 'party size'], "The link's event, date and party size are missing or unreadable."],
  ])('says what is wrong with the link in a sentence (%j)', (problems, sentence) => {
    expect(linkProblemSentence(problems)).toBe(sentence);
  });

  it('reads a party invite: the dinner, its date and the party size suffice', () => {
    const r = parse('eventTitle=Harvest+Dinner&eventDate=2026-12-06&guests=2&invite=1');
    expect(r).toEqual({
      ok: true,
      details: {
        name: null,
        email: null,
        eventTitle: 'Harvest Dinner',
        eventDate: '2026-12-06',
        eventTime: '19:00',
        guests: 2,
        ticket: null,
        totalCents: null,
        invited: true,
        dietaryRestrictions: null,
        specialRequests: null,
      },
    });
    if (!r.ok) return;
    expect(locationLine(r.details)).toBe('Brooklyn, NY (Address sent to the guest who booked)');
    expect(calendarEventFor(r.details).description).toBe('Five course dinner at Eat At Home for 2 people');
  });

  it('tolerates a bad email or total without failing the page', () => {
    const r = parse(good.replace('ada%40example.com', 'nope').replace('350.00', 'lots'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.details.email).toBeNull();
    expect(r.details.totalCents).toBeNull();
    expect(locationLine(r.details)).toBe('Brooklyn, NY (Address sent to your email)');
  });
});

describe('calendar links', () => {
  const r = parse(good);
  if (!r.ok) throw new Error('fixture');
  const event = calendarEventFor(r.details);

  it('describes the dinner with the series name, party size and ticket', () => {
    expect(event).toEqual({
      title: 'Eat At Home Dinner',
      description: 'Five course dinner at Eat At Home for 2 people - Food + Wine Pairing ($175.00 per person)',
      location: 'Brooklyn, NY (address will be provided)',
      date: '2026-12-06',
      startTime: '19:00',
      endTime: '21:00',
      timeZone: 'America/New_York',
    });
  });

  it('builds a Google Calendar link from 19:00 to 21:00 New York time', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Eat At Home Dinner',
      dates: '20261206T190000/20261206T210000',
      ctz: 'America/New_York',
      details: event.description,
      location: 'Brooklyn, NY (address will be provided)',
    });
  });

  it('builds an Outlook link with the real UTC offset of the date (EST and EDT)', () => {
    const url = new URL(outlookCalendarUrl(event));
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(url.searchParams.get('subject')).toBe('Eat At Home Dinner');
    expect(url.searchParams.get('startdt')).toBe('2026-12-06T19:00:00-05:00');
    expect(url.searchParams.get('enddt')).toBe('2026-12-06T21:00:00-05:00');
    expect(url.searchParams.get('body')).toBe(event.description);
    expect(url.searchParams.get('location')).toBe('Brooklyn, NY (address will be provided)');
    expect(isoWithOffset('2026-07-04', '19:00', 'America/New_York')).toBe('2026-07-04T19:00:00-04:00');
  });

  it('writes a valid .ics with UTC times, escaped text and folded lines', () => {
    const ics = icsContent(
      { ...event, description: `${event.description}; with a very long note, that goes on and on and on past seventy-five octets` },
      { uid: 'abc@supperhost', now: new Date('2026-11-01T12:00:00Z') },
    );
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('\r\nDTSTART:20261207T000000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20261207T020000Z\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261101T120000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Eat At Home Dinner\r\n');
    expect(ics).toContain('LOCATION:Brooklyn\\, NY (address will be provided)');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('Pairing ($175.00 per person)\\; with a very long note\\, that goes on');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it("names the downloaded file after the calendar event's title", () => {
    expect(icsFileName(event)).toBe('eat-at-home-dinner.ics');
    expect(icsFileName({ title: 'Crème Brûlée & Cider Night — Table 2' })).toBe('creme-brulee-cider-night-table-2.ics');
    expect(icsFileName({ title: '★★★' })).toBe('dinner.ics');
  });
});
