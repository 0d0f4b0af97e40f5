import { useEffect, useState } from 'react';
import type { Session } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

export type RecoveryState =
  | { status: 'loading' }
  | { status: 'ready'; session: Session }
  /** The link was refused (used, replaced or older than an hour), or the page was opened without one. */
  | { status: 'invalid'; reason: 'expired' | 'missing' };

/**
 * The session a password reset link brings. supabase-js reads it from the URL fragment when
 * it starts (the link lands here with `#access_token…&type=recovery`, or with
 * `#error_code=otp_expired…` when Auth refused it); its initialize() answers that outcome.
 */
export function useRecoverySession(): RecoveryState {
  const [state, setState] = useState<RecoveryState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    void (async () => {
      const { error } = await supabase.auth.initialize();
      const { data } = await supabase.auth.getSession();
      if (!alive) return;
      // A refused link's error would stay in the address bar (a taken session leaves a bare '#').
      if (window.location.hash || window.location.href.endsWith('#')) {
        window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      }
      if (error) setState({ status: 'invalid', reason: 'expired' });
      else setState(data.session ? { status: 'ready', session: data.session } : { status: 'invalid', reason: 'missing' });
    })();
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
