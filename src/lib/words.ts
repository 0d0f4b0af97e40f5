/** The words the emails say too, from the one file the edge functions read. */
export { guestCount } from '../../supabase/functions/_shared/words.ts';
