import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { brandColors } from '@/lib/brand-colors';
import { cn } from '@/lib/utils';

/**
 * The host's band at the top of a guest's own pages (their booking, their seat): the host's
 * logo and name, linking to its page, on its brand color (text in black or white, whichever
 * reads). The page's first card overlaps its lower edge (`-mt-12`).
 */
export function HostHeader({
  host,
  testId,
}: {
  host: { name: string; slug: string; primary_color: string | null; logo_url: string | null };
  testId?: string;
}) {
  const brand = brandColors(host.primary_color);
  return (
    <header className="pb-16 pt-6 sm:pt-10" style={brand ?? undefined} data-testid={testId}>
      <div className={cn('mx-auto flex max-w-xl items-center gap-3 px-9 sm:px-10', !brand && 'text-foreground')}>
        {host.logo_url ? <img src={host.logo_url} alt="" className="h-10 w-10 rounded-full bg-white object-cover" /> : null}
        <Link to={paths.orgPage.getHref(host.slug)} className="font-serif text-lg font-semibold hover:underline">
          {host.name}
        </Link>
      </div>
    </header>
  );
}
