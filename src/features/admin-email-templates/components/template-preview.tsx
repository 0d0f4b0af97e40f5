import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { FunctionUnreachableError } from '@/lib/invoke-function';
import type { EmailPreview } from '../types';
import { templateMessages } from '../messages';

interface Props {
  /** The sample dinner was yesterday (a thank-you), else it is in two weeks. */
  after?: boolean;
  preview: EmailPreview | undefined;
  error: Error | null;
  pending: boolean;
}

/**
 * The sample email as a guest would get it. The HTML is shown in a sandboxed frame (no
 * scripts, no access to the page); the plain-text part on request.
 */
export function TemplatePreview({ after = false, preview, error, pending }: Props) {
  const [plain, setPlain] = useState(false);
  const switchId = useId();
  return (
    <section aria-labelledby="email-preview-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="email-preview-heading" className="text-sm font-medium">
          Preview with a sample booking
        </h3>
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={plain} onCheckedChange={setPlain} />
          <Label htmlFor={switchId}>Plain text</Label>
        </div>
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {pending ? 'Updating preview…' : `Sample guest Alex Rivera, 2 guests, Harvest Supper ${after ? 'yesterday' : 'in two weeks'}.`}
      </p>
      {error ? (
        <Alert variant="destructive">{error instanceof FunctionUnreachableError ? templateMessages.previewFailed : error.message}</Alert>
      ) : null}
      {preview ? (
        <>
          <p className="break-words text-sm" data-testid="email-preview-subject">
            <span className="font-medium">Subject: </span>
            {preview.subject}
          </p>
          {plain ? (
            <pre
              className="h-[26rem] overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/30 p-3 font-mono text-xs lg:h-[32rem]"
              data-testid="email-preview-text"
              tabIndex={0}
              aria-label="The email as plain text"
            >
              {preview.text}
            </pre>
          ) : (
            <iframe title="Email preview" sandbox="" srcDoc={preview.html} className="h-[26rem] w-full rounded-md border bg-white lg:h-[32rem]" />
          )}
        </>
      ) : !error ? (
        <p className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">Rendering the preview…</p>
      ) : null}
    </section>
  );
}
