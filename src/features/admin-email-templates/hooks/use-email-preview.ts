import { useDebounced } from '@/hooks/use-debounced';
import { usePreviewEmail, type PreviewRequest } from '../api/preview-email';

/** How long the text must stay unchanged before the preview is asked for. */
const PREVIEW_DEBOUNCE_MS = 400;

/** The live preview of the text being edited: asked for once typing pauses (400 ms). */
export function useEmailPreview(request: PreviewRequest) {
  const subject = useDebounced(request.subject, PREVIEW_DEBOUNCE_MS);
  const body = useDebounced(request.body, PREVIEW_DEBOUNCE_MS);
  const query = usePreviewEmail({ orgId: request.orgId, templateType: request.templateType, subject, body });
  const pending = subject !== request.subject || body !== request.body || query.isFetching;
  return { query, pending };
}
