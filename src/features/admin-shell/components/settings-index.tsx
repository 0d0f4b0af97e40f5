import { ChevronRight } from 'lucide-react';
import { AdminSection } from '@/components/admin/admin-section';
import { settingsNav } from '../lib/nav';
import type { AdminTab } from '../types';

/** The mobile Settings tab: one entry per settings page. */
export function SettingsIndex({ onSelect }: { onSelect(tab: AdminTab): void }) {
  return (
    <AdminSection id="settings" title="Settings">
      <ul className="divide-y rounded-lg border bg-card">
        {settingsNav.map(({ tab, title, icon: Icon }) => (
          <li key={tab}>
            <button
              type="button"
              onClick={() => onSelect(tab)}
              className="flex w-full items-center gap-3 px-4 py-3 text-left text-sm font-medium hover:bg-muted"
            >
              <Icon className="h-4 w-4 text-muted-foreground" aria-hidden />
              <span className="flex-1">{title}</span>
              <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </AdminSection>
  );
}
