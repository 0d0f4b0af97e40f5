// square-oauth-start: an owner of an organization starts connecting its Square account.
//
// verify_jwt = false: the function verifies the caller's session itself (getCaller; 401
// otherwise). SQL begin_square_oauth, run as the caller, decides who may (can_manage_payments:
// 403 otherwise) and records the state's SHA-256, bound to the organization and the caller,
// usable once within 10 minutes. The state itself goes only into Square's authorize URL.
//
// Request: { orgId }
// → 200 { success: true, authorizeUrl, expiresAt }
// → 503 { success: false, code: 'square_oauth_unconfigured' } without the OAuth secrets
//   (SQUARE_APPLICATION_ID, SQUARE_APPLICATION_SECRET, SQUARE_TOKEN_KEY)
// Scopes: MERCHANT_PROFILE_READ PAYMENTS_READ PAYMENTS_WRITE, plus
// PAYMENTS_WRITE_ADDITIONAL_RECIPIENTS when the platform takes a fee from the organization.
import { z } from 'npm:zod@4.6.7';
import { handler, json, refusal } from '../_shared/http.ts';
import { callRpc } from '../_shared/rpc.ts';
import { authorizeUrl, newState, oauthScopes, readSquareOAuthSettings, stateHash } from '../_shared/square-oauth.ts';
import { createUserClient, readSignedInRequest } from '../_shared/supabase.ts';

const inputSchema = z.object({ orgId: z.uuid('orgId must be the id of an organization') });

Deno.serve(
  handler(async (req) => {
    const input = await readSignedInRequest(req, inputSchema, 'connect Square');
    const settings = readSquareOAuthSettings();
    if (!settings) throw refusal(503, 'Connecting Square accounts is not configured on this site.', 'square_oauth_unconfigured');

    const db = createUserClient(req);
    const fee = await db.from('org_platform_fees').select('fee_bps').eq('org_id', input.orgId).maybeSingle();
    if (fee.error) throw new Error(fee.error.message);
    const scopes = oauthScopes(((fee.data as { fee_bps: number } | null)?.fee_bps ?? 0) > 0);
    const state = newState();
    const expiresAt = await callRpc<string>(db, 'begin_square_oauth', {
      p_org_id: input.orgId,
      p_state_hash: await stateHash(state),
      p_scopes: scopes,
    });
    return json({ success: true, authorizeUrl: authorizeUrl(settings, scopes, state), expiresAt });
  }),
);
