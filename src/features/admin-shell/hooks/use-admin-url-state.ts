import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminTabs, type AdminTab } from '../types';

function isTab(value: string | null): value is AdminTab {
  return value !== null && (adminTabs as readonly string[]).includes(value);
}

/** The open tab and the selected organization live in the URL, so a reload keeps them. */
export function useAdminUrlState() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: AdminTab = isTab(raw) ? raw : 'events';
  const orgId = params.get('org');

  const setTab = useCallback(
    (next: AdminTab) =>
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        p.set('tab', next);
        return p;
      }),
    [setParams],
  );

  const setOrgId = useCallback(
    (next: string) =>
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        p.set('org', next);
        return p;
      }),
    [setParams],
  );

  return { tab, orgId, setTab, setOrgId };
}
