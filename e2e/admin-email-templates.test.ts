/**
 * The email template editor: staff edit a template (subject and body with placeholders) with a
 * live preview of a sample booking, save it, and the next real email uses it; markup stays
 * text, an unknown placeholder is refused with its name, and 'Reset to default' brings the
 * default text back. At 1280 px and at 375 px.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../tests/support/db';
import { createEvent, createOrg, createStaff, guest, type Staff } from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';
import { mailFor } from '../tests/support/mailbox';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, viewports } from './support/browser';

const DEFAULT_SUBJECT = 'Your reservation at {{org_name}} is confirmed: {{event_title}}';

interface Mail {
  subject: string;
  body_text: string;
  body_html: string | null;
  kind: string | null;
}

let staff: Staff;

beforeAll(async () => {
  staff = await createStaff('templates');
});

/** A new organization of the staff member, with branding, and one ticketed event. */
async function kitchen(name: string) {
  const org = await createOrg({ name, members: [staff], branding: { brand_name: name, primary_color: '#166534' } });
  const event = await createEvent(org.id, { title: 'Lantern Supper', ticketTypes: [{ name: 'Seat', price: 9500, quantity: 10 }] });
  return { org, event };
}

/** Books `guests` seats with the test card, as a guest named `name`; resolves the booking and the guest's address. */
async function book(event: { id: string; ticketTypes: { id: string }[] }, name: string, guests: number) {
  const email = guest('template-mail').email;
  const answer = await payByCard({
    amount: 9500 * guests,
    reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: guests, name, email, phone: '+1 555 0100' },
  });
  expect(answer.body).toMatchObject({ success: true });
  return { email, bookingCode: String(answer.body.bookingCode) };
}

async function confirmationFor(email: string): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [mail] = ((await mailFor(email, 1, 2_000)) as unknown as Mail[]).filter((m) => m.kind === 'booking_confirmation');
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no confirmation for ${email}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function activeTemplates(orgId: string) {
  const { data, error } = await serviceClient()
    .from('email_templates')
    .select('name, template_type, subject, body, is_active')
    .eq('org_id', orgId)
    .eq('template_type', 'booking_confirmation');
  if (error) throw new Error(error.message);
  return data;
}

async function openEditor(page: Page, name = 'Booking confirmation'): Promise<Locator> {
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.waitFor();
  return dialog;
}

const previewFrame = (page: Page) => page.frameLocator('iframe[title="Email preview"]');

describe.each([
  ['1280 px', viewports.desktop],
  ['375 px', viewports.phone],
] as const)('editing the confirmation at %s', (_label, viewport) => {
  it('previews the edited template with the sample booking, saves it, and the next confirmation uses it', async () => {
    const { org, event } = await kitchen(`Copper Pot ${viewport.width}`);
    const { page } = await adminPage(staff, org.id, 'settings-email-templates', { viewport });

    const list = page.getByRole('list', { name: 'Email templates' });
    for (const name of ['Booking confirmation', 'Reminder', 'Cancellation', 'Waitlist offer', 'Guest message']) {
      const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
      await card.getByText('Default', { exact: true }).first().waitFor();
      expect(await card.getByRole('button', { name: `Edit ${name}` }).isVisible()).toBe(true);
    }
    // The list fits the screen: nothing scrolls sideways.
    expect(await fitsWidth(page)).toBe(true);

    const dialog = await openEditor(page);
    // The editor fits the viewport (a full-height sheet on a phone) and keeps Save in view.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(box.height).toBeLessThanOrEqual(viewport.height + 0.5);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    const saveBox = (await save.boundingBox())!;
    expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(viewport.height + 0.5);

    // The default text first, with its preview.
    expect(await dialog.getByLabel('Subject').inputValue()).toBe(DEFAULT_SUBJECT);
    await dialog
      .getByTestId('email-preview-subject')
      .filter({ hasText: `Your reservation at Copper Pot ${viewport.width} is confirmed: Harvest Supper` })
      .waitFor();

    await dialog.getByLabel('Subject').fill('Table for {{guests}}, {{guest_name}}: {{event_title}}');
    const body = dialog.getByLabel('Body');
    await body.fill('Dear ');
    await dialog.getByRole('button', { name: /^Insert \{\{guest_name\}\}/ }).click(); // at the cursor
    expect(await body.inputValue()).toBe('Dear {{guest_name}}');
    await body.press('End');
    await body.pressSequentially(',\n\nSee you on {{event_date}} at {{event_time}}. Code {{booking_code}}.');
    expect(await body.inputValue()).toBe('Dear {{guest_name}},\n\nSee you on {{event_date}} at {{event_time}}. Code {{booking_code}}.');

    // The preview follows, with the sample values, in the organization's branding.
    await dialog.getByTestId('email-preview-subject').filter({ hasText: 'Table for 2, Alex Rivera: Harvest Supper' }).waitFor();
    await previewFrame(page).getByText('Dear Alex Rivera,').waitFor();
    await previewFrame(page)
      .getByText(/See you on .* at 7:00 PM Eastern Time\. Code HS7K2Q\./)
      .waitFor();
    const frame = dialog.locator('iframe[title="Email preview"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toContain('#166534');

    await dialog.getByRole('switch', { name: 'Plain text' }).click();
    const text = dialog.getByTestId('email-preview-text');
    await text.filter({ hasText: 'Dear Alex Rivera,' }).waitFor();
    expect(await text.innerText()).toContain('Total paid: $150.00');
    expect(await text.innerText()).toContain('Cancellation policy: Full refund until 48 hours before the dinner; 50% after that');
    await dialog.getByRole('switch', { name: 'Plain text' }).click();
    await frame.waitFor();
    expect(await seriousViolations(page, { exclude: ['iframe[title="Email preview"]'] })).toEqual([]);

    await save.click();
    await expectToast(page, 'Booking confirmation template saved');
    await dialog.waitFor({ state: 'detached' });
    const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Booking confirmation', exact: true }) });
    await card.getByText('Custom', { exact: true }).waitFor();
    await card.getByText('Table for {{guests}}, {{guest_name}}: {{event_title}}').waitFor();
    expect(await activeTemplates(org.id)).toEqual([
      {
        name: 'Booking confirmation',
        template_type: 'booking_confirmation',
        subject: 'Table for {{guests}}, {{guest_name}}: {{event_title}}',
        body: 'Dear {{guest_name}},\n\nSee you on {{event_date}} at {{event_time}}. Code {{booking_code}}.',
        is_active: true,
      },
    ]);

    // A real booking: its confirmation is the edited template, filled in.
    const booking = await book(event, 'Nora Quill', 3);
    const mail = await confirmationFor(booking.email);
    expect(mail.subject).toBe('Table for 3, Nora Quill: Lantern Supper');
    expect(mail.body_text).toMatch(/^Dear Nora Quill,\n\nSee you on .+ at \d{1,2}:\d{2} [AP]M .+\. Code /);
    expect(mail.body_text).toContain(`Code ${booking.bookingCode}.`);
    expect(mail.body_html).toContain('Dear Nora Quill,');

    // Editing again updates the same row (no second template).
    const again = await openEditor(page);
    expect(await again.getByLabel('Subject').inputValue()).toBe('Table for {{guests}}, {{guest_name}}: {{event_title}}');
    await again.getByLabel('Subject').fill('Welcome, {{guest_name}}');
    await again.getByRole('button', { name: 'Save', exact: true }).click();
    await again.waitFor({ state: 'detached' });
    await card.getByText('Welcome, {{guest_name}}').waitFor();
    expect((await activeTemplates(org.id)).map((r) => r.subject)).toEqual(['Welcome, {{guest_name}}']);
  });
});

describe('what the editor refuses and restores', () => {
  it('markup in a template arrives as text, in the preview and in the real email', async () => {
    const { org, event } = await kitchen('Glass House');
    const { page } = await adminPage(staff, org.id, 'settings-email-templates');
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    const dialog = await openEditor(page);
    await dialog.getByLabel('Body').fill('Hi {{guest_name}} <script>alert(1)</script><b>bold</b>');
    await previewFrame(page).getByText('Hi Alex Rivera <script>alert(1)</script><b>bold</b>').waitFor();
    expect(await dialog.locator('iframe[title="Email preview"]').getAttribute('srcdoc')).not.toContain('<script>');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Booking confirmation template saved');

    const booking = await book(event, 'Otto Script', 2);
    const mail = await confirmationFor(booking.email);
    expect(mail.body_html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.body_html).not.toContain('<script>');
    expect(mail.body_html).not.toContain('<b>bold</b>');
    expect(mail.body_text).toContain('Hi Otto Script <script>alert(1)</script><b>bold</b>');
    expect(alerts).toEqual([]);
  });

  it('refuses to save an unknown placeholder, naming it ({{guest_nme}}), and keeps the text being edited', async () => {
    const { org } = await kitchen('Typo Table');
    const { page } = await adminPage(staff, org.id, 'settings-email-templates', { viewport: viewports.phone });
    const dialog = await openEditor(page);
    await dialog.getByLabel('Subject').fill('Hello {{guest_nme}}');
    // The preview says it at once…
    await dialog.getByRole('alert').filter({ hasText: 'Unknown placeholder {{guest_nme}}' }).waitFor();
    // …and the database refuses the save with the list of valid ones.
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Unknown placeholder {{guest_nme}}');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Use one of: {{guest_name}}' }).first().waitFor();
    expect(await dialog.getByLabel('Subject').inputValue()).toBe('Hello {{guest_nme}}');
    expect(await activeTemplates(org.id)).toEqual([]);
  });

  it('reset to default puts the default text back, and saving stores it', async () => {
    const { org } = await kitchen('Reset Room');
    const seeded = await serviceClient().from('email_templates').insert({
      org_id: org.id,
      name: 'Old confirmation',
      template_type: 'booking_confirmation',
      subject: 'Custom hello {{guest_name}}',
      body: 'Custom body',
    });
    if (seeded.error) throw new Error(seeded.error.message);
    const { page } = await adminPage(staff, org.id, 'settings-email-templates');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Booking confirmation', exact: true }) });
    await card.getByText('Your template: Old confirmation').waitFor();

    const dialog = await openEditor(page);
    expect(await dialog.getByLabel('Subject').inputValue()).toBe('Custom hello {{guest_name}}');
    await dialog.getByTestId('email-preview-subject').filter({ hasText: 'Custom hello Alex Rivera' }).waitFor();
    await dialog.getByRole('button', { name: 'Reset to default' }).click();
    expect(await dialog.getByLabel('Subject').inputValue()).toBe(DEFAULT_SUBJECT);
    expect(await dialog.getByLabel('Body').inputValue()).toContain('Hi {{guest_name}},');
    await dialog.getByTestId('email-preview-subject').filter({ hasText: 'Your reservation at Reset Room is confirmed: Harvest Supper' }).waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Booking confirmation template saved');
    const rows = await activeTemplates(org.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: DEFAULT_SUBJECT, body: expect.stringContaining('Hi {{guest_name}},') });
    await card.getByText(DEFAULT_SUBJECT).waitFor();
  });
});
