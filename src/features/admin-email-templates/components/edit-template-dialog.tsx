import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { useSaveEmailTemplate } from '../api/save-email-template';
import { useEmailPreview } from '../hooks/use-email-preview';
import { insertAt } from '../lib/template-types';
import { templateMessages } from '../messages';
import { emailTemplateSchema, type EmailTemplateOutput, type EmailTemplateValues } from '../schemas';
import type { TemplateSlot } from '../types';
import { PlaceholderList } from './placeholder-list';
import { TemplatePreview } from './template-preview';
import { SubmitButton } from '@/components/forms/submit-button';

type Field = 'subject' | 'body';

/** Edits one type's template: subject and body with placeholders, a live preview, save, reset to the default. */
export function EditTemplateDialog({ orgId, slot, onClose }: { orgId: string; slot: TemplateSlot; onClose(): void }) {
  const form = useForm<EmailTemplateValues, unknown, EmailTemplateOutput>({
    resolver: zodResolver(emailTemplateSchema),
    defaultValues: { subject: slot.subject, body: slot.body },
  });
  const { errors, isSubmitted } = form.formState;
  const subject = form.watch('subject');
  const body = form.watch('body');
  const { query: preview, pending } = useEmailPreview({ orgId, templateType: slot.type, subject, body });

  const fields = useRef<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>({ subject: null, body: null });
  const lastField = useRef<Field>('body');
  /** A field registered with the form that also remembers its element and that it was the last one used. */
  const tracked = (name: Field) => {
    const field = form.register(name);
    return {
      ...field,
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        field.ref(element);
        fields.current[name] = element;
      },
      onFocus: () => (lastField.current = name),
    };
  };

  const save = useSaveEmailTemplate(orgId, {
    onSuccess: () => {
      toast.success('Success', { description: templateMessages.saved(slot.name) });
      onClose();
    },
    onError: (error) => toast.error('Error', { description: error.message || templateMessages.saveFailed }),
  });

  /** Puts a placeholder where the cursor was in the field last used (the body by default). */
  const insert = (token: string) => {
    const name = lastField.current;
    const element = fields.current[name];
    const current = form.getValues(name);
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? start;
    const next = insertAt(current, token, start, end);
    form.setValue(name, next.text, { shouldDirty: true, shouldValidate: isSubmitted });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  const resetToDefault = () => {
    const defaults = preview.data?.defaults ?? slot.defaults;
    form.setValue('subject', defaults.subject, { shouldDirty: true, shouldValidate: isSubmitted });
    form.setValue('body', defaults.body, { shouldDirty: true, shouldValidate: isSubmitted });
    toast.success('Reset', { description: templateMessages.resetDone });
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="flex h-[100dvh] max-h-[100dvh] w-full max-w-none flex-col gap-3 overflow-hidden rounded-none border-0 p-0 sm:h-auto sm:max-h-[92vh] sm:w-[calc(100%-2rem)] sm:max-w-6xl sm:rounded-lg sm:border">
        <DialogHeader className="px-4 pr-12 pt-4 sm:px-6 sm:pt-6">
          <DialogTitle>Edit {slot.name}</DialogTitle>
          <DialogDescription>
            Your text opens the email; the booking details, links and your branding follow it. Text is sent as written, never as HTML.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex min-h-0 min-w-0 flex-1 flex-col"
          noValidate
          onSubmit={form.handleSubmit((values) => save.mutate({ orgId, slot, values }))}
        >
          <div className="grid min-h-0 min-w-0 flex-1 gap-6 overflow-y-auto px-4 pb-4 pt-1 sm:px-6 lg:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-4">
              <FormField label="Subject" error={errors.subject?.message}>
                <Input {...tracked('subject')} />
              </FormField>
              <FormField label="Body" error={errors.body?.message} hint="Leave a blank line between paragraphs.">
                <Textarea {...tracked('body')} rows={10} className="min-h-[12rem] font-mono text-sm" />
              </FormField>
              <PlaceholderList onInsert={insert} />
            </div>
            <TemplatePreview after={slot.type === 'thank_you'} preview={preview.data} error={preview.error} pending={pending} />
          </div>
          <div className="flex flex-wrap items-center gap-2 border-t px-4 py-3 sm:px-6">
            <Button variant="outline" className="mr-auto" onClick={resetToDefault}>
              Reset to default
            </Button>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton pending={save.isPending} pendingLabel="Saving…">
              Save
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
