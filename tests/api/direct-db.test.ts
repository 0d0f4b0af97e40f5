import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from '../support/db';
import { createEvent, createOrg } from '../support/fixtures';
import { useFixtureFunctions } from '../support/functions';

// The functions' direct pool (supabase/functions/_shared/db.ts) must answer exactly as the
// REST API does: the same data for each kind of SQL function, the same errors, the same
// request headers seen by SQL. A fixture function makes every call both ways.

const fixtures = useFixtureFunctions();

interface Answer {
  data: unknown;
  error: { code: string | null; message: string | null; details: string | null } | null;
}

async function bothWays(calls: { fn: string; args?: Record<string, unknown>; headers?: Record<string, string> }[]) {
  const res = await fetch(`${fixtures()}/rpc-parity`, { method: 'POST', body: JSON.stringify({ calls }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { answers: { direct: Answer; api: Answer }[] }).answers;
}

describe('the functions reach SQL directly, as the REST API would answer', () => {
  it('gives the same data for a table function, a jsonb answer and a scalar, on pooled connections of its own', async () => {
    const org = await createOrg({ name: 'Direct Pool Kitchen' });
    await createEvent(org.id, { title: 'Pooled Supper' });
    const answers = await bothWays([
      { fn: 'promo_throttle_limits' },
      { fn: 'get_public_org_page', args: { p_slug: org.slug } },
      { fn: 'release_expired_holds' },
    ]);
    for (const { direct, api } of answers) {
      expect(api.error).toBeNull();
      expect(direct).toEqual(api);
    }
    expect(answers[0].direct.data).toEqual([{ window_seconds: 900, per_client: 10, per_event: 200 }]);
    expect((answers[1].direct.data as { organization: { slug: string } }).organization.slug).toBe(org.slug);
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = 'supperhost-functions'`);
    expect(n).toBeGreaterThan(0);
  });

  it('gives the same errors: SQLSTATE, message and detail', async () => {
    const answers = await bothWays([
      { fn: 'fail_booking', args: { p_reservation_id: randomUUID() } },
      {
        fn: 'hold_booking',
        args: { p_idempotency_key: 'x'.repeat(60), p_event_id: randomUUID(), p_guests: 1, p_name: 'A', p_email: 'a@example.com' },
      },
      { fn: 'staff_set_ticket_capacity', args: { p_ticket_type_id: randomUUID(), p_capacity: 1 } },
      { fn: 'admin_event_reservation_counts', args: { p_org_id: randomUUID() } },
    ]);
    for (const { direct, api } of answers) {
      expect(direct.error).not.toBeNull();
      expect(direct).toEqual(api);
    }
    expect(answers[0].direct.error?.code).toBe('SH404');
    expect(answers[1].direct.error).toMatchObject({ code: 'P0001', message: 'The idempotency key must be 1 to 45 characters' });
  });

  it('runs as the service role with the request headers SQL reads (the promo throttle client key); void answers null', async () => {
    const org = await createOrg({ name: 'Direct Pool Headers' });
    const event = await createEvent(org.id, { title: 'Headers Supper' });
    const key = `client-${randomUUID()}`;
    const answers = await bothWays([{ fn: 'record_promo_miss', args: { p_event_id: event.id }, headers: { 'x-supperhost-client': key } }]);
    expect(answers[0].direct).toEqual({ data: null, error: null });
    expect(answers[0].api.error).toBeNull();
    const rows = await sql<{ client_key: string }>(`select client_key from public.promo_code_misses where event_id = $1`, [event.id]);
    expect(rows.map((r) => r.client_key)).toEqual([key, key]);
  });

  it("passes a JSON array to a jsonb parameter (a delivery run's outcomes) and answers as the API does", async () => {
    const answers = await bothWays([
      {
        fn: 'finish_outbox_sends',
        args: { p_results: [{ id: randomUUID(), claim_token: randomUUID(), outcome: 'sent', error: null, rendered: null }] },
      },
      { fn: 'finish_outbox_sends', args: { p_results: [{ id: randomUUID(), claim_token: randomUUID(), outcome: 'lost' }] } },
      { fn: 'finish_outbox_sends', args: { p_results: [] } },
    ]);
    for (const { direct, api } of answers) expect(direct).toEqual(api);
    // An expired claim answers null for that message; a bad outcome is refused; nothing to record is [].
    expect(answers[0].direct).toEqual({ data: [null], error: null });
    expect(answers[1].direct.error).toMatchObject({ code: 'P0001', message: 'p_outcome must be sent, failed, released or rejected' });
    expect(answers[2].direct).toEqual({ data: [], error: null });
  });
});
