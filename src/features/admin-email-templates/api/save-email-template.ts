import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { expectRows } from '@/lib/expect-rows';
import { supabase } from '@/lib/supabase';
import { emailTemplateSchema, type EmailTemplateOutput } from '../schemas';
import type { TemplateSlot } from '../types';
import { emailTemplatesQueryKey } from './get-email-templates';

export interface SaveEmailTemplate {
  orgId: string;
  slot: TemplateSlot;
  values: EmailTemplateOutput;
}

/**
 * Stores the organization's template of a type: updates its active row, or adds one (active)
 * when the default was in use. The database refuses an unknown placeholder with a message
 * naming it, which is the error's message.
 */
export async function saveEmailTemplate({ orgId, slot, values }: SaveEmailTemplate): Promise<void> {
  const v = emailTemplateSchema.parse(values);
  if (slot.template) {
    const { data, error } = await supabase
      .from('email_templates')
      .update({ subject: v.subject, body: v.body })
      .eq('id', slot.template.id)
      .select('id');
    if (error) throw new Error(error.message);
    expectRows(data, 'Template not found');
    return;
  }
  const { error } = await supabase
    .from('email_templates')
    .insert({ org_id: orgId, name: slot.name, template_type: slot.type, subject: v.subject, body: v.body, is_active: true });
  if (error) throw new Error(error.message);
}

export function useSaveEmailTemplate(orgId: string, options: MutationCallbacks<void, SaveEmailTemplate> = {}) {
  return useInvalidatingMutation(saveEmailTemplate, emailTemplatesQueryKey(orgId), options);
}
