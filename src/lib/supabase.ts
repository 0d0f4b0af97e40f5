import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from './database.types';

/**
 * The one client the app uses. A visitor gets the anon key; staff sessions are kept in
 * local storage and refreshed automatically before they expire.
 */
export const supabase = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
