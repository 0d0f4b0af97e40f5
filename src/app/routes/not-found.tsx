import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/seo/page-meta';

export default function NotFoundRoute() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 px-6 text-center">
      <PageMeta title="Page not found" />
      <h1 className="font-serif text-6xl font-semibold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to={paths.home.getHref()} className="mt-2 text-base font-medium underline underline-offset-4 hover:text-muted-foreground">
        Return to Home
      </Link>
    </main>
  );
}
