import { useState } from 'react';
import { LogOut, Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { mobileNav, platformNav } from '../lib/nav';
import type { AdminLayoutProps, AdminTab } from '../types';
import { NavList } from './nav-list';
import { OrgSwitcher } from './org-switcher';

/** Below 768 px: a top bar and a navigation drawer. */
export function MobileLayout({ org, orgs, isSuperAdmin, tab, onTab, onOrg, onSignOut, signingOut, children }: AdminLayoutProps) {
  const [open, setOpen] = useState(false);
  const select = (next: AdminTab) => {
    onTab(next);
    setOpen(false);
  };
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Open navigation">
              <Menu className="h-5 w-5" aria-hidden />
            </Button>
          </SheetTrigger>
          <SheetContent side="left">
            <SheetTitle className="font-serif text-lg font-semibold">Admin</SheetTitle>
            <SheetDescription className="text-sm text-muted-foreground">{org.name}</SheetDescription>
            <nav aria-label="Admin">
              <NavList items={isSuperAdmin ? [...mobileNav, ...platformNav] : mobileNav} active={tab} onSelect={select} />
            </nav>
            {orgs.length > 1 ? (
              <OrgSwitcher
                orgs={orgs}
                value={org.id}
                onChange={(id) => {
                  onOrg(id);
                  setOpen(false);
                }}
              />
            ) : null}
            <Button variant="outline" onClick={onSignOut} disabled={signingOut} className="mt-auto">
              <LogOut className="h-4 w-4" aria-hidden />
              Sign Out
            </Button>
          </SheetContent>
        </Sheet>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold leading-tight">Admin</p>
          <p className="truncate text-xs text-muted-foreground">{org.name}</p>
        </div>
      </header>
      <main className="px-3 py-4">{children}</main>
    </div>
  );
}
