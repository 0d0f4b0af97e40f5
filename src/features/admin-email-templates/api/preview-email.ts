import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeFunction, serverMessage } from '@/lib/invoke-function';
import type { TemplateType } from '../lib/template-types';
import type { EmailPreview } from '../types';

export interface PreviewRequest {
  orgId: string;
  templateType: TemplateType;
  subject: string;
  body: string;
}

const previewAnswer = z.object({
  success: z.literal(true),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  defaults: z.object({ subject: z.string(), body: z.string(), name: z.string() }),
});

/** The sample email for a template (preview-email); a refusal (an unknown placeholder…) throws with the server's words. */
export async function previewEmail(request: PreviewRequest): Promise<EmailPreview> {
  const answer = await invokeFunction<unknown>('preview-email', request);
  if (answer.status !== 200) throw new Error(serverMessage(answer.body) ?? `The preview failed (${answer.status})`);
  const parsed = previewAnswer.safeParse(answer.body);
  if (!parsed.success) throw new Error('The preview answer could not be read');
  const { subject, html, text, defaults } = parsed.data;
  return { subject, html, text, defaults };
}

export const previewEmailQueryOptions = (request: PreviewRequest) =>
  queryOptions({
    queryKey: ['admin', request.orgId, 'email-preview', request.templateType, request.subject, request.body] as const,
    queryFn: () => previewEmail(request),
    // The last preview stays on screen while the next one is rendered.
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });

export function usePreviewEmail(request: PreviewRequest) {
  return useQuery(previewEmailQueryOptions(request));
}
