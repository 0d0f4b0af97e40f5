import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** One line of a booking's details in a definition list: its icon and term, then what it is. */
export function IconDetailRow({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  // dt and dd sit directly in their group div, as a definition list requires; the icon rides in the dt.
  return (
    <div className="relative border-b py-3 pl-8 last:border-b-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        <span className="absolute left-0 top-3.5 text-muted-foreground" aria-hidden>
          <Icon className="h-5 w-5" />
        </span>
        {term}
      </dt>
      <dd className="mt-0.5 break-words text-base">{children}</dd>
    </div>
  );
}
