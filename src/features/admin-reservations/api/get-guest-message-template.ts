import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * The organization's own "Guest message" template (Email Templates), or null: the email dialog
 * starts from it. Its {{placeholders}} stay as typed and are filled for this reservation's guest
 * when the message is sent (supabase/functions/_shared/email/render.tsx).
 */
export async function getGuestMessageTemplate(orgId: string): Promise<{ subject: string; body: string } | null> {
  const { data, error } = await supabase
    .from('email_templates')
    .select('subject, body')
    .eq('org_id', orgId)
    .eq('template_type', 'guest_message')
    .eq('is_active', true)
    .maybeSingle();
  if (error) throw error;
  return data ? { subject: data.subject, body: data.body ?? '' } : null;
}

export function useGuestMessageTemplate(orgId: string) {
  return useQuery({ queryKey: ['admin', orgId, 'email-templates', 'guest_message'], queryFn: () => getGuestMessageTemplate(orgId) });
}
