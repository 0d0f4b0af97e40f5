import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/forms/submit-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSetReviewLink, useThankYouSettings } from '../api/thank-you-emails';
import { templateMessages } from '../messages';
import { reviewLinkSchema, type ReviewLinkOutput, type ReviewLinkValues } from '../schemas';

/**
 * The thank-you card's review link (e.g. the organization's Google or Yelp review page): the
 * thank-you email adds a "Leave us a review" button to it. Saving it blank removes it. Any member
 * of the organization may change it.
 */
export function ReviewLinkForm({ orgId }: { orgId: string }) {
  const settings = useThankYouSettings(orgId);
  const stored = settings.data?.reviewUrl;
  const form = useForm<ReviewLinkValues, unknown, ReviewLinkOutput>({ resolver: zodResolver(reviewLinkSchema), defaultValues: { review_url: '' } });
  const save = useSetReviewLink(orgId, {
    onSuccess: (url) => {
      // Shows what the database kept (trimmed), even when it is the link that was already stored.
      form.reset({ review_url: url ?? '' });
      toast.success(url ? templateMessages.reviewLinkSaved : templateMessages.reviewLinkRemoved);
    },
    onError: (error) => toast.error(templateMessages.reviewLinkFailed, { description: error.message || templateMessages.fallback }),
  });

  // Prefills the saved link once it is read, and again only when it changes (turning the switch
  // refetches the settings, which must not wipe a link being typed).
  useEffect(() => {
    if (stored !== undefined) form.reset({ review_url: stored ?? '' });
  }, [stored, form]);

  const loaded = settings.data !== undefined;
  return (
    <form className="grid gap-2" noValidate onSubmit={form.handleSubmit((values) => save.mutate({ orgId, values }))}>
      <FormField label={templateMessages.reviewLinkLabel} hint={templateMessages.reviewLinkHint} error={form.formState.errors.review_url?.message}>
        <Input
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={templateMessages.reviewLinkPlaceholder}
          disabled={!loaded}
          {...form.register('review_url')}
        />
      </FormField>
      <div>
        <SubmitButton variant="outline" size="sm" disabled={!loaded} pending={save.isPending} pendingLabel={templateMessages.reviewLinkSaving}>
          {templateMessages.reviewLinkSave}
        </SubmitButton>
      </div>
    </form>
  );
}
