import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { paths } from '@/config/paths';
import type { Organization } from '../types';
import { buttonClass } from './page-ui';

const words = {
  unpublished: { title: 'Coming soon', message: (name: string) => `${name} is getting ready. Its events will be here soon.` },
  suspended: { title: 'Closed', message: (name: string) => `${name} is closed. Nothing can be booked here at the moment.` },
} as const;

/** The page of an organization that is not published: "coming soon" while new, "closed" while suspended. */
export function OrgUnavailable({ name, state }: { name: string; state: Exclude<Organization['state'], 'published'> }) {
  const { title, message } = words[state];
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <PageMeta title={`${name} · ${title}`} />
      <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</p>
      <h1 className="font-serif text-3xl font-semibold">{name}</h1>
      <p className="max-w-md text-muted-foreground">{message(name)}</p>
      <Link to={paths.home.getHref()} className={buttonClass()}>
        Go Home
      </Link>
    </main>
  );
}
