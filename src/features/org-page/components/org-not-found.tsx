import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';

export function OrgNotFound({ compact = false }: { compact?: boolean }) {
  return (
    <main className={`flex flex-col items-center justify-center gap-4 px-6 text-center ${compact ? 'py-12' : 'min-h-[70vh]'}`}>
      <h1 className="font-serif text-3xl font-semibold">Organization Not Found</h1>
      <p className="text-muted-foreground">We couldn't find the page you were looking for.</p>
      {compact ? null : (
        <Button asChild>
          <Link to={paths.home.getHref()}>Go Home</Link>
        </Button>
      )}
    </main>
  );
}
