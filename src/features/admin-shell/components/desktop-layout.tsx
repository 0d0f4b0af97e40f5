import { LogOut } from 'lucide-react';
import { NewTabButton } from '@/components/admin/new-tab-button';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { mainNav, platformNav, settingsNav } from '../lib/nav';
import type { AdminLayoutProps } from '../types';
import { NavList } from './nav-list';
import { OrgSwitcher } from './org-switcher';

/** Sidebar + inset: the layout at 768 px and wider. */
export function DesktopLayout({ org, orgs, isSuperAdmin, tab, onTab, onOrg, onSignOut, signingOut, children }: AdminLayoutProps) {
  return (
    <div className="flex min-h-screen">
      <aside className="sticky top-0 flex h-screen w-60 shrink-0 flex-col gap-6 border-r bg-card px-3 py-5">
        <div className="px-3">
          <p className="font-serif text-lg font-semibold">{site.productName}</p>
          <p className="text-xs text-muted-foreground">Admin</p>
        </div>
        <nav aria-label="Admin" className="flex flex-col gap-6">
          <NavList items={mainNav} active={tab} onSelect={onTab} />
          <div>
            <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Settings</p>
            <NavList items={settingsNav} active={tab} onSelect={onTab} />
          </div>
          {isSuperAdmin ? (
            <div>
              <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{site.productName}</p>
              <NavList items={platformNav} active={tab} onSelect={onTab} />
            </div>
          ) : null}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-background/95 px-6 backdrop-blur">
          <p className="min-w-0 flex-1 truncate text-sm">
            Managing: <span className="font-semibold">{org.name}</span>
          </p>
          <NewTabButton href={paths.orgPage.getHref(org.slug)} size="sm">
            View Page
          </NewTabButton>
          {/* Always on desktop, even with one organization (only the mobile drawer hides a lone one). */}
          <OrgSwitcher orgs={orgs} value={org.id} onChange={onOrg} className="max-w-[14rem]" />
          <Button variant="ghost" size="sm" onClick={onSignOut} disabled={signingOut}>
            <LogOut className="h-4 w-4" aria-hidden />
            Sign Out
          </Button>
        </header>
        <main className="flex-1 px-6 py-6">{children}</main>
      </div>
    </div>
  );
}
