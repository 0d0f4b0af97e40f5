import type { SyntheticEvent } from 'react';

/** A stored image that no longer loads is hidden rather than shown as a broken icon. */
export function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>) {
  event.currentTarget.style.visibility = 'hidden';
}
