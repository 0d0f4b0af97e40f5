import type { ReactNode } from 'react';

interface Props {
  /** The heading's id is `${id}-heading`; the section is labelled by it. */
  id: string;
  title: ReactNode;
  /** Beside the heading (a create button, a search field). */
  actions?: ReactNode;
  children: ReactNode;
}

/** An admin tab's section: its h2 (with the actions beside it, if any), then its content. */
export function AdminSection({ id, title, actions, children }: Props) {
  const heading = (
    <h2 id={`${id}-heading`} className="font-serif text-2xl font-semibold">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
