import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LinkIcon } from 'lucide-react';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

interface MessagePageProps {
  /** The tab's title, and the heading unless `heading` is given. */
  title: string;
  heading?: ReactNode;
  /** Shown above the heading. */
  icon?: ReactNode;
  testId?: string;
  children?: ReactNode;
}

/** A page that says one thing, centred: a private link's page when there is nothing else to show. */
export function MessagePage({ title, heading = title, icon, testId, children }: MessagePageProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/40 px-6 text-center" data-testid={testId}>
      <PageMeta title={title} />
      {icon}
      <h1 className="font-serif text-3xl font-semibold">{heading}</h1>
      {children}
    </main>
  );
}

/** A page whose data could not load (not a refusal of its link): the reason, and 'Try again'. */
export function LoadFailedPage({ title, heading, error, onRetry }: { title: string; heading?: string; error: Error; onRetry(): void }) {
  return (
    <MessagePage title={title} heading={heading}>
      <p role="alert" className="max-w-md text-muted-foreground">
        {error.message}
      </p>
      <Button onClick={onRetry}>Try again</Button>
    </MessagePage>
  );
}

/** A private link whose token opens nothing: say so (`children`: what to check), show nothing else, and offer the way home. */
export function LinkInvalidPage({ title, heading, testId, children }: { title: string; heading: string; testId: string; children: ReactNode }) {
  return (
    <MessagePage title={title} heading={heading} testId={testId} icon={<LinkIcon className="h-10 w-10 text-muted-foreground" aria-hidden />}>
      <p className="max-w-md text-muted-foreground">{children}</p>
      <Link to={paths.home.getHref()} className="mt-2 font-medium underline underline-offset-4 hover:text-muted-foreground">
        Go to the home page
      </Link>
    </MessagePage>
  );
}
