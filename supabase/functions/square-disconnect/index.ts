// square-disconnect: an owner disconnects the organization's Square account ("Disconnect").
//
// verify_jwt = false: the caller's session is verified here (401 otherwise), and
// can_manage_payments, asked as the caller, decides (403 otherwise). RevokeToken ends the
// platform's access at Square, then the stored tokens are deleted. A token Square no longer
// knows (already revoked) is forgotten all the same; no answer from Square keeps everything
// (503: try again). Afterwards the organization takes no card payments until it connects an
// account again (unless the platform runs it: organizations.platform_payments).
//
// Request: { orgId } → 200 { success: true, disconnected: boolean }
import { z } from 'npm:zod@4.6.7';
import { handler, json, refusal } from '../_shared/http.ts';
import { orgAccount } from '../_shared/payments.ts';
import { callRpc } from '../_shared/rpc.ts';
import { decryptToken, readSquareOAuthSettings, revokeToken, SquareOAuthError } from '../_shared/square-oauth.ts';
import { createUserClient, readSignedInRequest, sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z.object({ orgId: z.uuid('orgId must be the id of an organization') });

Deno.serve(
  handler(async (req) => {
    const input = await readSignedInRequest(req, inputSchema, 'disconnect Square');
    const allowed = await callRpc<boolean>(createUserClient(req), 'can_manage_payments', { p_org_id: input.orgId });
    if (!allowed) throw refusal(403, "Only the organization's owners can change its payments", 'not_a_member');

    const db = sharedAdminClient();
    const account = await orgAccount(db, { orgId: input.orgId });
    if (account.row?.account !== 'own') return json({ success: true, disconnected: false });
    const settings = readSquareOAuthSettings();
    if (!settings) throw refusal(503, 'Connecting Square accounts is not configured on this site.', 'square_oauth_unconfigured');
    try {
      const accessToken = await decryptToken(settings.tokenKey, account.row.access_token_ciphertext ?? '');
      await revokeToken(settings, accessToken);
    } catch (error) {
      const gone = error instanceof SquareOAuthError && (error.status === 401 || error.status === 404);
      if (!gone) {
        console.error('[square-disconnect] RevokeToken failed', error);
        throw refusal(503, 'Square did not answer. Nothing was changed; please try again.', 'square_unavailable');
      }
    }
    const disconnected = await callRpc<boolean>(db, 'delete_square_account', { p_org_id: input.orgId });
    return json({ success: true, disconnected });
  }),
);
