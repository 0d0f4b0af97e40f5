import { useEffect } from 'react';
import { site } from '@/config/site';

/**
 * The default title ('SupperHost') comes back when the visitor leaves the page. Helmet only writes
 * titles and never restores one, so a next page that sets none would keep ours; one that sets
 * its own (already, or a frame later) keeps its own.
 */
export function useRestoreDefaultTitleOnLeave(pageTitle: string, defaultTitle: string = site.productName) {
  useEffect(
    () => () => {
      if (document.title === pageTitle) document.title = defaultTitle;
    },
    [pageTitle, defaultTitle],
  );
}
