import { useEffect, useState } from 'react';
import type { Session } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

export type SessionState = { status: 'loading' } | { status: 'ready'; session: Session | null };

/**
 * The current staff session, kept in local storage by supabase-js and refreshed before it
 * expires; follows sign-in, sign-out and refreshes through onAuthStateChange.
 */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    void supabase.auth.getSession().then(({ data }) => {
      if (alive) setState({ status: 'ready', session: data.session });
    });
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      if (alive) setState({ status: 'ready', session });
    });
    return () => {
      alive = false;
      data.subscription.unsubscribe();
    };
  }, []);
  return state;
}
