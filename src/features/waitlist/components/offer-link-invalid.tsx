import { Link } from 'react-router-dom';
import { LinkIcon } from 'lucide-react';
import { PageMeta } from '@/components/seo/page-meta';
import { paths } from '@/config/paths';

/** A token that opens no offer: say so, show nothing else, and offer the way home. */
export function OfferLinkInvalid() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/40 px-6 text-center" data-testid="waitlist-link-invalid">
      <PageMeta title="Waitlist link not valid" />
      <LinkIcon className="h-10 w-10 text-muted-foreground" aria-hidden />
      <h1 className="font-serif text-3xl font-semibold">This waitlist link is not valid</h1>
      <p className="max-w-md text-muted-foreground">
        Check that you opened the whole link from your email. If it still does not work, contact the host of your dinner.
      </p>
      <Link to={paths.home.getHref()} className="mt-2 font-medium underline underline-offset-4 hover:text-muted-foreground">
        Go to the home page
      </Link>
    </main>
  );
}
