import { cn } from '@/lib/utils';
import type { NavItem } from '../lib/nav';
import type { AdminTab } from '../types';

interface Props {
  items: NavItem[];
  active: AdminTab;
  onSelect(tab: AdminTab): void;
}

export function NavList({ items, active, onSelect }: Props) {
  return (
    <ul className="space-y-1">
      {items.map(({ tab, title, icon: Icon }) => {
        const current = tab === active || (tab === 'settings' && active.startsWith('settings-'));
        return (
          <li key={tab}>
            <button
              type="button"
              aria-current={current ? 'page' : undefined}
              onClick={() => onSelect(tab)}
              className={cn(
                'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium transition-colors hover:bg-muted',
                current && 'bg-muted text-foreground',
                !current && 'text-muted-foreground',
              )}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {title}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
