import type { Locator, Page } from 'playwright-core';

interface TicketedEvent {
  title: string;
  /** YYYY-MM-DD */
  date: string;
  locationName: string;
  ticket: { name: string; price: string; quantity: string };
}

/** Opens 'Create Event' on the events tab and fills a dinner at 19:00 with one ticket type added; answers the dialog. */
export async function startTicketedEvent(page: Page, event: TicketedEvent): Promise<Locator> {
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(event.title);
  await dialog.getByLabel('Date').fill(event.date);
  await dialog.getByLabel('Time', { exact: true }).fill('19:00');
  await dialog.getByLabel('Location name').fill(event.locationName);
  await dialog.getByLabel('Ticket name').fill(event.ticket.name);
  await dialog.getByLabel('Price ($)').fill(event.ticket.price);
  await dialog.getByLabel('Quantity').fill(event.ticket.quantity);
  await dialog.getByRole('button', { name: 'Add ticket type' }).click();
  return dialog;
}
