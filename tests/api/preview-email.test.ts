/**
 * preview-email: staff of an organization preview a template with sample data in its branding;
 * anyone else is refused, and an unknown placeholder is named.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/db.ts';
import { brandedAs, type Org, type Staff } from '../support/fixtures.ts';
import { createStaffOrgAndOutsider } from '../support/staff-org.ts';

let member: Staff;
let outsider: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff: member, org, outsider } = await createStaffOrgAndOutsider('preview', brandedAs('Preview Pantry', '#0f766e')));
});

const request = () => ({
  orgId: org.id,
  templateType: 'booking_confirmation',
  subject: 'See you soon, {{guest_name}}',
  body: 'Dear {{guest_name}},\n\nA table for {{guests}} at {{event_title}} on {{event_date}} at {{event_time}}. <b>bold</b>',
});

async function call(client: Staff['client'], body: unknown): Promise<{ status: number; body: any }> {
  const { data, error } = await client.functions.invoke('preview-email', { body: body as Record<string, unknown> });
  if (!error) return { status: 200, body: data };
  const res = (error as { context: Response }).context;
  return { status: res.status, body: await res.json() };
}

describe('preview-email', () => {
  it('renders the template with the sample booking in the organization’s branding', async () => {
    const answer = await call(member.client, request());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, subject: 'See you soon, Alex Rivera' });
    expect(answer.body.html).toContain('Alex Rivera');
    expect(answer.body.html).toContain('Harvest Supper');
    expect(answer.body.html).toContain('#0f766e');
    expect(answer.body.html).toContain('Preview Pantry');
    expect(answer.body.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(answer.body.html).not.toContain('<b>bold</b>');
    expect(answer.body.text).toContain('A table for 2 at Harvest Supper');
    expect(answer.body.text).toContain('7:00 PM Eastern Time');
    expect(answer.body.text).toContain('$150.00');
    expect(answer.body.text).toContain('Full refund until 48 hours before the dinner; 50% after that');
    expect(answer.body.defaults).toEqual({
      name: 'Booking confirmation',
      subject: 'Your reservation at {{org_name}} is confirmed: {{event_title}}',
      body: expect.stringContaining('Hi {{guest_name}}'),
    });
  });

  it('previews every editable type', async () => {
    for (const templateType of ['reminder', 'cancellation', 'waitlist_offer', 'guest_message']) {
      const answer = await call(member.client, { ...request(), templateType, subject: '{{org_name}}: {{event_title}}', body: 'Hi {{guest_name}}' });
      expect(answer.status, templateType).toBe(200);
      expect(answer.body.subject).toBe('Preview Pantry: Harvest Supper');
      expect(answer.body.text).toContain('Hi Alex Rivera');
    }
  });

  it('refuses an unknown placeholder with its name (400)', async () => {
    const answer = await call(member.client, { ...request(), body: 'Hello {{guest_nme}}' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: 'Unknown placeholder {{guest_nme}}', code: 'unknown_placeholder' });
  });

  it('refuses a member of another organization (403) and an anonymous caller (401)', async () => {
    const foreign = await call(outsider.client, request());
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ success: false, code: 'not_a_member' });
    expect(JSON.stringify(foreign.body)).not.toContain('Alex Rivera');

    const anonymous = await call(anonClient(), request());
    expect(anonymous.status).toBe(401);
  });

  it('refuses invalid input (400), never a 500', async () => {
    const answer = await call(member.client, { ...request(), templateType: 'follow_up' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_input');
  });
});
