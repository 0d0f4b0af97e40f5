import { createElement, type ComponentProps, type JSX } from 'react';

type Merge = (base: string, className: string | undefined) => string;

/**
 * A component that renders `tag` with the `base` classes, joined with the caller's className by
 * `merge` (`cn` in the kit; a plain join where tailwind-merge must stay out of the bundle).
 */
export function classed<T extends keyof JSX.IntrinsicElements>(tag: T, base: string, merge: Merge) {
  return function Classed({ className, ...props }: ComponentProps<T> & { className?: string }) {
    return createElement(tag, { className: merge(base, className), ...props });
  };
}
