import { useEffect } from 'react';
import { Archive, ArchiveRestore, ArrowLeft, Mail } from 'lucide-react';
import { toast } from 'sonner';
import { QueryStatus } from '@/components/admin/query-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useChefInquiryReplies } from '../api/get-chef-inquiry-replies';
import { useSetChefInquiryArchived } from '../api/set-chef-inquiry-archived';
import { chefInquiryMessages, deliveryWords } from '../messages';
import type { ChefInquiry, ChefInquiryStatus } from '../types';
import { ReplyForm } from './reply-form';
import { when } from '@/lib/when';
import { StatusBadge } from './status-badge';

interface Props {
  inquiry: ChefInquiry;
  /** Back to the list (shown below 1024 px, where the list and the inquiry take turns). */
  onBack: () => void;
  /** The inquiry's status changed: the inbox follows it (or closes it when it was archived). */
  onMoved: (status: ChefInquiryStatus | null) => void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 whitespace-pre-wrap break-words">{children}</dd>
    </div>
  );
}

/** One inquiry with all it says, the replies sent, the reply form, and archive. */
export function InquiryDetail({ inquiry, onBack, onMoved }: Props) {
  const replies = useChefInquiryReplies(inquiry.id);
  const archive = useSetChefInquiryArchived({
    onSuccess: (status, { archived }) => {
      toast.success(archived ? chefInquiryMessages.archived : chefInquiryMessages.unarchived);
      onMoved(archived ? null : status);
    },
    onError: (error) => toast.error(chefInquiryMessages.archiveFailed, { description: error.message || chefInquiryMessages.fallback }),
  });
  const archived = inquiry.status === 'archived';

  // Below 1024 px the inquiry replaces the list: open it at its top, not where the list was scrolled to.
  useEffect(() => {
    if (!window.matchMedia('(min-width: 1024px)').matches) window.scrollTo({ top: 0 });
  }, []);

  return (
    <article aria-labelledby="chef-inquiry-heading" className="space-y-5">
      <Button variant="ghost" size="sm" className="-ml-2 lg:hidden" onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        All inquiries
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id="chef-inquiry-heading" className="break-words font-serif text-2xl font-semibold">
            {inquiry.name}
          </h3>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <StatusBadge status={inquiry.status} />
            <span>Received {when(inquiry.createdAt)}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={`mailto:${inquiry.email}`}>
              <Mail className="h-4 w-4" aria-hidden />
              Email
            </a>
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={archive.isPending}
            onClick={() => archive.mutate({ inquiryId: inquiry.id, archived: !archived })}
          >
            {archived ? <ArchiveRestore className="h-4 w-4" aria-hidden /> : <Archive className="h-4 w-4" aria-hidden />}
            {archived ? 'Move to inbox' : 'Archive'}
          </Button>
        </div>
      </div>

      <dl className="space-y-3 rounded-lg border bg-card p-4">
        <Field label="Name">{inquiry.name}</Field>
        <Field label="Email">
          <span className="break-all">{inquiry.email}</span>
        </Field>
        <Field label="Concept">{inquiry.concept}</Field>
        <Field label="Ideal dates">{inquiry.nextEventDates ?? <span className="text-muted-foreground">Not given</span>}</Field>
        <Field label="Sent from">{inquiry.sourceDomain ?? <span className="text-muted-foreground">Unknown</span>}</Field>
        <Field label="Received">{when(inquiry.createdAt)}</Field>
        {inquiry.archivedAt ? <Field label="Archived">{when(inquiry.archivedAt)}</Field> : null}
      </dl>

      <section aria-labelledby="chef-replies-heading" className="space-y-3">
        <h4 id="chef-replies-heading" className="font-semibold">
          Replies ({replies.data?.length ?? inquiry.replyCount})
        </h4>
        <QueryStatus query={replies} loading="Loading replies…" failed={chefInquiryMessages.repliesLoadFailed} empty="No reply yet.">
          {(sent) => (
            <ol aria-labelledby="chef-replies-heading" className="space-y-3">
              {sent.map((reply) => (
                <li key={reply.id} className="rounded-lg border bg-muted/40 p-4">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="break-words font-medium">{reply.subject}</p>
                    <Badge variant={reply.deliveryStatus === 'failed' ? 'destructive' : reply.deliveryStatus === 'sent' ? 'success' : 'secondary'}>
                      {deliveryWords(reply.deliveryStatus)}
                    </Badge>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {when(reply.createdAt)}
                    {reply.sentByEmail ? ` · by ${reply.sentByEmail}` : ''}
                  </p>
                  <p className="mt-2 whitespace-pre-wrap break-words text-sm">{reply.body}</p>
                </li>
              ))}
            </ol>
          )}
        </QueryStatus>
      </section>

      <ReplyForm inquiry={inquiry} onSent={() => onMoved('replied')} />
    </article>
  );
}
