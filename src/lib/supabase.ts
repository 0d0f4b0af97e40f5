import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from './database.types';

/**
 * The one client the app uses, with the publishable key (a visitor acts as the anon role); staff
 * sessions are kept in local storage and refreshed automatically before they expire.
 */
export const supabase = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_PUBLISHABLE_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
