import { Link } from 'react-router-dom';
import { LinkIcon } from 'lucide-react';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { offerPageMessages } from '../messages';
import type { OfferKind } from '../types';

/** A token that opens no offer (or no payment link): say so, show nothing else, and offer the way home. */
export function OfferLinkInvalid({ kind = 'waitlist_offer' }: { kind?: OfferKind }) {
  const words = offerPageMessages[kind];
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/40 px-6 text-center" data-testid="waitlist-link-invalid">
      <PageMeta title={words.invalidTitle} />
      <LinkIcon className="h-10 w-10 text-muted-foreground" aria-hidden />
      <h1 className="font-serif text-3xl font-semibold">{words.invalidHeading}</h1>
      <p className="max-w-md text-muted-foreground">
        Check that you opened the whole link from your email. If it still does not work, contact the host of your dinner.
      </p>
      <Link to={paths.home.getHref()} className="mt-2 font-medium underline underline-offset-4 hover:text-muted-foreground">
        Go to the home page
      </Link>
    </main>
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
