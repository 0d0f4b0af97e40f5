import { randomUUID } from 'node:crypto';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { stackEnv } from '../../tests/support/stack-env';
import { field } from './browser';

/** Opens the dinner series page (Eat At Home) and waits for its form. */
export async function openDinnerSeries(page: Page) {
  await page.goto(`${stackEnv().siteUrl}/eat-at-home`);
  await page.getByRole('button', { name: 'RESERVE' }).waitFor();
}

/** The dinner series form's guest: Julia Child, with a new email unless one is given; returns the email. */
export async function fillSeriesGuest(page: Page, email = `diner-${randomUUID()}@example.com`) {
  await field(page, 'Name').fill('Julia Child');
  await field(page, 'Email').fill(email);
  return email;
}

/** Opens the supper club's page (or another of its paths) and waits for its form. */
export async function openSupperClub(page: Page, path = '/magnolia-supper-club') {
  await page.goto(`${stackEnv().siteUrl}${path}`);
  await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
}

/** The supper club form's guest, with a new email unless one is given. */
export async function fillSupperClubGuest(page: Page, name = 'Grace Hopper', email = `guest-${randomUUID()}@example.com`) {
  await field(page, 'Full name').fill(name);
  await field(page, 'Email').fill(email);
  return { name, email };
}

/** Fills the organization page's ticket form (on the page or in its embed's frame): the guest's name and email, a ticket type (its id) and a number of guests. */
export async function fillTicketForm(page: Page | FrameLocator, guest: { name: string; email: string; ticketTypeId: string; guests: string }) {
  await page.getByLabel('Full name').fill(guest.name);
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Ticket type').selectOption(guest.ticketTypeId);
  await page.getByLabel('Number of guests').selectOption(guest.guests);
}

/** 'Continue to Payment', then waits for the payment step. */
export async function continueToPayment(page: Page | FrameLocator) {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('heading', { name: 'Complete Your Reservation' }).waitFor();
}

/** Pays on the payment step with the local test processor's card, with one of its simulated results when given. */
export async function payWithTestCard(page: Page, outcome?: string) {
  await page.getByText('Test mode — no real card is charged').waitFor();
  await page.getByLabel('Test card number').fill('4111 1111 1111 1111');
  if (outcome) await page.getByLabel('Simulated result').selectOption({ label: outcome });
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** Pays with the local test processor's card on a payment step whose Pay button asks for `total` ('$156.00'). */
export async function payTotalWithTestCard(page: Page | FrameLocator | Locator, total: string) {
  await page.getByLabel('Test card number').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
}
