// square-oauth-callback: where Square sends the seller back after the authorize page
// (GET ?code=…&state=…, or ?error=…&state=… when the seller declined).
//
// Called by the seller's browser on Square's redirect, without a session: verify_jwt is off
// (supabase/config.toml); the single-use state is the proof. SQL consume_square_oauth_state
// refuses a state that is unknown (tampered), used (replayed) or expired, or whose user may no
// longer manage the organization's payments. Then ObtainToken exchanges the code, ListLocations
// reads the seller's locations, and the tokens are stored encrypted (AES-GCM, SQUARE_TOKEN_KEY)
// where only the service role reads them (save_square_account).
//
// Answer: a redirect (303) to the admin's Payments screen,
// SITE_URL/admin?org=…&tab=settings-payments&square=connected | &square=error&message=…
// — never a token. Without SITE_URL the same outcome as JSON.
import { allowMethods, handler, HttpError, json } from '../_shared/http.ts';
import { callRpc } from '../_shared/rpc.ts';
import { encryptToken, listLocations, obtainToken, readSquareOAuthSettings, SquareOAuthError, stateHash } from '../_shared/square-oauth.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

function answer(outcome: { ok: true } | { ok: false; message: string }, orgId: string | null = null): Response {
  const site = Deno.env.get('SITE_URL')?.trim();
  if (!site) return outcome.ok ? json({ success: true }) : json({ success: false, error: outcome.message }, 400);
  const url = new URL('/admin', site);
  if (orgId) url.searchParams.set('org', orgId);
  url.searchParams.set('tab', 'settings-payments');
  url.searchParams.set('square', outcome.ok ? 'connected' : 'error');
  if (!outcome.ok) url.searchParams.set('message', outcome.message);
  return new Response(null, { status: 303, headers: { Location: url.toString(), 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });
}

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'GET');
    const params = new URL(req.url).searchParams;
    const state = params.get('state') ?? '';
    const code = params.get('code') ?? '';
    const settings = readSquareOAuthSettings();
    if (!settings) return answer({ ok: false, message: 'Connecting Square accounts is not configured on this site.' });
    if (!state || state.length > 200) return answer({ ok: false, message: 'This Square connection link is not valid. Start again from Payments.' });

    const db = sharedAdminClient();
    let bound: { org_id: string; user_id: string; scopes: string[] };
    try {
      [bound] = await callRpc<{ org_id: string; user_id: string; scopes: string[] }[]>(db, 'consume_square_oauth_state', {
        p_state_hash: await stateHash(state),
      });
    } catch (error) {
      if (error instanceof HttpError) return answer({ ok: false, message: error.message });
      throw error;
    }
    if (params.get('error')) return answer({ ok: false, message: 'Square was not connected: the request was declined in Square.' }, bound.org_id);
    if (!code || code.length > 1000)
      return answer({ ok: false, message: 'Square sent no authorization code. Start again from Payments.' }, bound.org_id);

    try {
      const token = await obtainToken(settings, { code });
      const locations = await listLocations(settings, token.accessToken);
      await callRpc(db, 'save_square_account', {
        p_org_id: bound.org_id,
        p_user_id: bound.user_id,
        p_merchant_id: token.merchantId,
        p_access_token_ciphertext: await encryptToken(settings.tokenKey, token.accessToken),
        p_refresh_token_ciphertext: await encryptToken(settings.tokenKey, token.refreshToken ?? ''),
        p_expires_at: token.expiresAt,
        p_scopes: bound.scopes,
        p_locations: locations,
      });
    } catch (error) {
      if (error instanceof SquareOAuthError) {
        console.error('[square-oauth-callback] Square refused', error.status, error.code, error.message);
        return answer({ ok: false, message: 'Square did not accept the connection. Please try again.' }, bound.org_id);
      }
      if (error instanceof HttpError) return answer({ ok: false, message: error.message }, bound.org_id);
      throw error;
    }
    return answer({ ok: true }, bound.org_id);
  }),
);
