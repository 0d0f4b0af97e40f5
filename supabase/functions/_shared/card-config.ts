// The card form configuration function (square-config, and the supper club's
// magnolia-square-config, which is the same): { success, applicationId, locationId,
// environment, testMode }. testMode true (no Square secrets, local stack): the browser shows
// the labelled test card form. Imports http.ts and payments.ts.
import { json } from './http.ts';
import { cardFormConfig } from './payments.ts';

export function cardConfigAnswer(): Response {
  const { status, body } = cardFormConfig();
  return json(body, status);
}
