import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { ChefCallToAction } from './chef-call-to-action';
import { BookableTables } from './bookable-tables';
import { HomeHero } from './home-hero';

export function HomePage() {
  return (
    <>
      <PageMeta
        fullTitle={`${site.productName} | Book supper clubs, dinner series and pop-ups`}
        description="Book a seat at small dinners: supper clubs, home dinner series and pop-ups, each from its own host."
        canonical={paths.home.getHref()}
      />
      <main>
        <HomeHero />
        <BookableTables />
        <ChefCallToAction />
      </main>
      <footer className="border-t">
        <div className="container flex flex-col gap-3 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {site.productName}
          </p>
          <nav aria-label="Footer" className="flex flex-wrap gap-4">
            <a className="hover:text-foreground" href={`mailto:${site.supportEmail}`}>
              {site.supportEmail}
            </a>
            <Link className="hover:text-foreground" to={paths.auth.getHref()}>
              Host sign-in
            </Link>
          </nav>
        </div>
      </footer>
    </>
  );
}
