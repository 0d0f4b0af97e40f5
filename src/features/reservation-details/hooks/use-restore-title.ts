import { useEffect } from 'react';
import { site } from '@/config/site';

/**
 * SPEC 2: the default title comes back when the visitor leaves the page. Helmet only
 * writes titles, it never restores one, so a page that sets none would keep ours.
 */
export function useRestoreDefaultTitleOnLeave(defaultTitle: string = site.productName) {
  useEffect(() => () => {
    document.title = defaultTitle;
  }, [defaultTitle]);
}
