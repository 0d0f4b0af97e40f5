/**
 * The guest-email templates' types, placeholders and defaults, read from the one file the edge
 * functions' renderer imports too: supabase/functions/_shared/email/templates.ts (pure
 * constants, no imports). The admin's editor and the sent emails can therefore never disagree.
 */
export * from '../../supabase/functions/_shared/email/templates.ts';
