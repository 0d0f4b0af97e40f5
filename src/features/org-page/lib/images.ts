import type { SyntheticEvent } from 'react';

/** A stored image that no longer loads is hidden rather than shown as a broken icon. */
export function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>) {
  event.currentTarget.style.visibility = 'hidden';
}

/**
 * Calls `done` once a loaded image has been decoded and painted (a frame after its decode), or
 * right away where it cannot be decoded.
 */
export function afterImagePainted(image: HTMLImageElement, done: () => void) {
  const next = () => requestAnimationFrame(() => setTimeout(done, 0));
  image.decode().then(next, next);
}
