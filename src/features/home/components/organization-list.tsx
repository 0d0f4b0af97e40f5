import { Link } from 'react-router-dom';
import { ArrowUpRight } from 'lucide-react';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useOrganizations } from '../api/get-organizations';

export function OrganizationList() {
  const organizations = useOrganizations();
  return (
    <section aria-labelledby="hosts-title" className="border-y bg-card">
      <div className="container py-14 sm:py-20">
        <h2 id="hosts-title" className="font-serif text-3xl font-semibold sm:text-4xl">
          Hosts on {site.productName}
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Restaurants, supper clubs and home cooks, each with their own page of upcoming dinners.
        </p>
        {organizations.isPending ? (
          <ul aria-busy="true" aria-label="Loading hosts" className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-16 animate-pulse rounded-lg bg-muted" />
            ))}
          </ul>
        ) : organizations.isError ? (
          <p className="mt-8 text-muted-foreground">We couldn’t load the list of hosts just now. Please refresh the page.</p>
        ) : (
          <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {organizations.data.map((org) => (
              <li key={org.slug}>
                <Link
                  to={paths.orgPage.getHref(org.slug)}
                  className="flex items-center justify-between rounded-lg border bg-background px-4 py-4 font-medium transition-colors hover:bg-muted"
                >
                  <span>{org.name}</span>
                  <ArrowUpRight className="h-4 w-4 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
