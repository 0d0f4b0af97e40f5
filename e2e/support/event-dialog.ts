import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { futureDate, type Staff } from '../../tests/support/fixtures';
import { adminPage } from './browser';

/**
 * Signs `staff` in on the events tab of the organization, opens 'Create Event' and fills a dinner
 * titled `title`, 45 days ahead at 19:00 at The Loft, with one ticket type added (Dinner, $80, 10
 * tickets): the page and the dialog, ready for the rest of the form. `options`: the browser's (a
 * phone's viewport).
 */
export async function startTicketedEvent(
  staff: Staff,
  orgId: string,
  title: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; dialog: Locator }> {
  const { page } = await adminPage(staff, orgId, 'events', options);
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Date').fill(futureDate(45));
  await dialog.getByLabel('Time', { exact: true }).fill('19:00');
  await dialog.getByLabel('Location name').fill('The Loft');
  await dialog.getByLabel('Ticket name').fill('Dinner');
  await dialog.getByLabel('Price ($)').fill('80');
  await dialog.getByLabel('Quantity').fill('10');
  await dialog.getByRole('button', { name: 'Add ticket type' }).click();
  return { page, dialog };
}

/** Opens the Edit Event dialog of the event titled `title` on the events tab (its row at 1280 px, its card at 375 px). */
export async function openEventEditor(page: Page, title: string): Promise<Locator> {
  await page
    .getByRole('button', { name: `Edit ${title}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Edit Event' }).waitFor();
  return dialog;
}
