import type { FormHTMLAttributes } from 'react';

type Props = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit(): void };

/** A form whose submit runs `onSubmit` in the page: the browser never sends it anywhere (nor reloads the page). */
export function SubmitForm({ onSubmit, ...props }: Props) {
  return (
    <form
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}
