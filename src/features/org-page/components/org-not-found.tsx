import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { buttonClass } from './page-ui';

export function OrgNotFound({ compact = false }: { compact?: boolean }) {
  return (
    <main className={`flex flex-col items-center justify-center gap-4 px-6 text-center ${compact ? 'py-12' : 'min-h-[70vh]'}`}>
      <h1 className="font-serif text-3xl font-semibold">Organization Not Found</h1>
      <p className="text-muted-foreground">We couldn't find the page you were looking for.</p>
      {compact ? null : (
        <Link to={paths.home.getHref()} className={buttonClass()}>
          Go Home
        </Link>
      )}
    </main>
  );
}
