/**
 * What a guest may type and the words a refusal uses, from the one file the edge functions use
 * too: supabase/functions/_shared/guest-input.ts (pure; the database applies the same rules). A
 * form refuses exactly what the server would, with the server's words, before the payment step.
 */
export * from '../../supabase/functions/_shared/guest-input.ts';
