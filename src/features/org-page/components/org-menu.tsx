import { ExternalLinkIcon } from './page-icons';
import { safeHttpUrl } from '../lib/events';
import { buttonClass } from './page-ui';

/** The menu is the organization's own text, rendered as text (line breaks kept), never as HTML. */
export function OrgMenu({ content, fileUrl }: { content: string | null; fileUrl: string | null }) {
  const file = safeHttpUrl(fileUrl);
  if (!content && !file) return null;
  return (
    <section aria-labelledby="menu-heading" className="container py-12">
      <div className="mx-auto max-w-3xl rounded-lg border bg-card p-6 sm:p-8">
        <h2 id="menu-heading" className="font-serif text-3xl font-semibold">
          Menu
        </h2>
        {content ? <p className="mt-4 whitespace-pre-line leading-relaxed text-muted-foreground">{content}</p> : null}
        {file ? (
          <a href={file} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'outline', className: 'mt-6' })}>
            View Full Menu <ExternalLinkIcon className="h-4 w-4" />
          </a>
        ) : null}
      </div>
    </section>
  );
}
