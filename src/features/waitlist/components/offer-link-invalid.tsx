import { LinkInvalidPage } from '@/components/message-page';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { offerPageMessages } from '../messages';
import type { OfferKind } from '../types';

/** A token that opens no offer (or no payment link). */
export function OfferLinkInvalid({ kind = 'waitlist_offer' }: { kind?: OfferKind }) {
  const words = offerPageMessages[kind];
  return (
    <LinkInvalidPage title={words.invalidTitle} heading={words.invalidHeading} testId="waitlist-link-invalid">
      Check that you opened the whole link from your email. If it still does not work, contact the host of your dinner.
    </LinkInvalidPage>
  );
}

/** A link's page that could not load (not a refusal of the token): the reason, and 'Try again'. */
export function LinkPageLoadFailed({ title, message, onRetry }: { title: string; message: string; onRetry(): void }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <PageMeta title={title} />
      <p role="alert" className="max-w-md">
        {message}
      </p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </main>
  );
}
