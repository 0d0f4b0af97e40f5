import type { ReactNode } from 'react';

interface Props {
  title: string;
  /** The line under the title: date, place, price. */
  details: ReactNode;
  /** The policy's words ("Cancellation policy:") and the policy, when there is one to show. */
  policyLabel: string;
  refundPolicy?: string | null;
  disclosures?: string | null;
  /** The form. */
  children: ReactNode;
}

/** An org page event's booking panel: its title and details, its cancellation policy, the form, then the event's disclosures. */
export function EventBookingPanel({ title, details, policyLabel, refundPolicy, disclosures, children }: Props) {
  return (
    <div className="space-y-4 rounded-lg border bg-card p-5 shadow-sm sm:p-6">
      <div>
        <h2 className="font-serif text-2xl font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{details}</p>
      </div>
      {refundPolicy ? (
        <p className="text-sm" data-testid="booking-refund-policy">
          <span className="font-medium">{policyLabel}</span> {refundPolicy}
        </p>
      ) : null}
      {children}
      {disclosures ? <p className="whitespace-pre-line text-xs text-muted-foreground">{disclosures}</p> : null}
    </div>
  );
}
