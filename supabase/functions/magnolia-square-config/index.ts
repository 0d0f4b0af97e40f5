// The supper club's card form configuration (same Square application): { success, applicationId, locationId, environment, testMode }.
// testMode true (no Square secrets, local stack): the browser shows the labelled test card form.
import { handler, json } from '../_shared/http.ts';
import { cardFormConfig } from '../_shared/payments.ts';

Deno.serve(
  handler(() => {
    const { status, body } = cardFormConfig();
    return json(body, status);
  }),
);
