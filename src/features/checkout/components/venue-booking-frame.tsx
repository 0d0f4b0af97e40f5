import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FormPartProps } from '@/components/forms/form-part';
import { GuestContactFields } from '@/components/forms/guest-contact-fields';
import { keepFieldFocus } from '@/components/forms/keep-field-focus';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface Props extends FormPartProps<{ name: string; email: string; phone: string }> {
  /** The title's id, which names the form. */
  titleId: string;
  title: string;
  titleClassName?: string;
  /** The venue's word for the name field ("Name", "Full name"). */
  nameLabel: string;
  /** The venue's choices, in the grid after the guest's details. */
  choices: ReactNode;
  /** Between the grid and the button: the add-ons, the total, any notes. */
  children: ReactNode;
  submitLabel: string;
  submitClassName?: string;
  /** Under the button. */
  footer?: ReactNode;
  busy: boolean;
  onSubmit(event?: BaseSyntheticEvent): void;
  /** Focusing any field starts loading what the submit needs. */
  onFocusCapture(): void;
}

/** A venue page's booking form around the venue's own choices: its title, the guest's details, and the submit button. */
export function VenueBookingFrame({
  titleId,
  title,
  titleClassName,
  nameLabel,
  choices,
  children,
  submitLabel,
  submitClassName,
  footer,
  busy,
  ...form
}: Props) {
  return (
    <form noValidate onSubmit={form.onSubmit} onFocusCapture={form.onFocusCapture} className="space-y-5" aria-labelledby={titleId}>
      <h2 id={titleId} className={cn('font-serif text-2xl font-semibold', titleClassName)}>
        {title}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <GuestContactFields register={form.register} errors={form.errors} nameLabel={nameLabel} />
        {choices}
      </div>
      {children}
      <Button type="submit" size="lg" className={cn('w-full', submitClassName)} disabled={busy} aria-busy={busy} {...keepFieldFocus}>
        {busy ? 'Processing...' : submitLabel}
      </Button>
      {footer}
    </form>
  );
}
