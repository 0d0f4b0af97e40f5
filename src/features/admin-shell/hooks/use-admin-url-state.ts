import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminTabs, type AdminTab } from '../types';

function isTab(value: string | null): value is AdminTab {
  return value !== null && (adminTabs as readonly string[]).includes(value);
}

/** The URL's parameters with one of them set (the others, such as the open tab, kept). */
const withParam = (name: string, value: string) => (prev: URLSearchParams) => {
  const next = new URLSearchParams(prev);
  next.set(name, value);
  return next;
};

/** The open tab and the selected organization live in the URL, so a reload keeps them. */
export function useAdminUrlState() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: AdminTab = isTab(raw) ? raw : 'events';
  const orgId = params.get('org');

  const setTab = useCallback((next: AdminTab) => setParams(withParam('tab', next)), [setParams]);
  const setOrgId = useCallback((next: string) => setParams(withParam('org', next)), [setParams]);

  return { tab, orgId, setTab, setOrgId };
}
