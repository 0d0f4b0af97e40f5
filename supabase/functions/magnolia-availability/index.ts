// The supper club's availability function, named by the spec: get-rsvp-availability's answer
// for the supper club's organization (configuration only). Each event carries the spec's
// id, date and available_seats, with its seatings (rsvp_slots: available_spots) and its
// total_available, all from event_availability. The request body is ignored, but for an optional
// { "event": "<id>" } (a supper's own booking link, which may be unlisted).
import { allowMethods, handler } from '../_shared/http.ts';
import { linkedEventOf, orgEventsAnswer } from '../_shared/org-events.ts';
import { venueOrgSlug } from '../_shared/venue.ts';

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'GET', 'POST');
    return orgEventsAnswer(venueOrgSlug(), await linkedEventOf(req));
  }),
);
