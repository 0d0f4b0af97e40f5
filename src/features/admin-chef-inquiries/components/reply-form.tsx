import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CountedField } from '@/components/forms/counted-field';
import { Input, Textarea } from '@/components/ui/input';
import { MAX_EMAIL_MESSAGE_LENGTH, MAX_EMAIL_SUBJECT_LENGTH } from '@/config/product';
import { useReplyChefInquiry } from '../api/reply-chef-inquiry';
import { chefInquiryMessages } from '../messages';
import { replySchema, type ReplyOutput, type ReplyValues } from '../schemas';
import type { ChefInquiry } from '../types';
import { SubmitButton } from '@/components/forms/submit-button';

/** 'Reply to {name}': the email goes out through the outbox; the inquiry becomes replied. */
export function ReplyForm({ inquiry, onSent }: { inquiry: ChefInquiry; onSent: () => void }) {
  const form = useForm<ReplyValues, unknown, ReplyOutput>({
    resolver: zodResolver(replySchema),
    defaultValues: { subject: chefInquiryMessages.defaultSubject, message: '' },
  });
  const { errors } = form.formState;
  const [subject, message] = form.watch(['subject', 'message']);
  const reply = useReplyChefInquiry({
    onSuccess: () => {
      toast.success(chefInquiryMessages.replySent, { description: chefInquiryMessages.replySentDescription(inquiry.email) });
      form.reset({ subject: chefInquiryMessages.defaultSubject, message: '' });
      onSent();
    },
    onError: (error) => toast.error(chefInquiryMessages.replyFailed, { description: error.message || chefInquiryMessages.fallback }),
  });

  return (
    <form
      aria-labelledby="chef-reply-heading"
      noValidate
      className="space-y-4 rounded-lg border bg-card p-4"
      onSubmit={form.handleSubmit((values) => reply.mutate({ inquiryId: inquiry.id, values }))}
    >
      <div>
        <h4 id="chef-reply-heading" className="font-semibold">
          Reply to {inquiry.name}
        </h4>
        <p className="break-words text-sm text-muted-foreground">
          Sent by email to <span className="break-all">{inquiry.email}</span>, from SupperHost.
        </p>
      </div>
      <CountedField
        label="Subject"
        error={errors.subject?.message}
        rule={`Up to ${MAX_EMAIL_SUBJECT_LENGTH} characters, one line`}
        value={subject}
        max={MAX_EMAIL_SUBJECT_LENGTH}
        testId="chef-reply-subject-count"
      >
        <Input autoComplete="off" {...form.register('subject')} />
      </CountedField>
      <CountedField
        label="Message"
        error={errors.message?.message}
        rule={`Up to ${MAX_EMAIL_MESSAGE_LENGTH} characters`}
        value={message}
        max={MAX_EMAIL_MESSAGE_LENGTH}
        testId="chef-reply-message-count"
      >
        <Textarea rows={7} placeholder={`Hi ${inquiry.name.split(/\s+/)[0]},`} {...form.register('message')} />
      </CountedField>
      <div className="flex justify-end">
        <SubmitButton className="w-full sm:w-auto" pending={reply.isPending} pendingLabel="Sending…">
          Send reply
        </SubmitButton>
      </div>
    </form>
  );
}
