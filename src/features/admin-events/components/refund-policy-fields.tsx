import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { refundPolicyText } from '@/lib/refund-policy';

interface Props {
  windowField: UseFormRegisterReturn;
  percentField: UseFormRegisterReturn;
  windowValue: string;
  percentValue: string;
  windowError?: string;
  percentError?: string;
}

/** The policy preview for what is typed, or null while a field is not a valid number. */
function preview(windowValue: string, percentValue: string): string | null {
  const w = windowValue.trim();
  const p = percentValue.trim();
  if (w !== '' && !(/^\d+$/.test(w) && Number(w) <= 8760)) return null;
  if (!(/^\d+$/.test(p) && Number(p) <= 100)) return null;
  return refundPolicyText(w === '' ? null : Number(w), Number(p));
}

/** The event's cancellation policy (frozen on each booking), with the sentence guests will read. */
export function RefundPolicyFields({ windowField, percentField, windowValue, percentValue, windowError, percentError }: Props) {
  const sentence = preview(windowValue, percentValue);
  return (
    <fieldset className="space-y-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">Cancellation policy</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Full refund window (hours before the dinner)" error={windowError} hint="Leave empty for no full-refund window.">
          <Input inputMode="numeric" placeholder="e.g. 48" {...windowField} />
        </FormField>
        <FormField label="Refund after that (%)" error={percentError} hint="0 = nothing back after the window.">
          <Input inputMode="numeric" {...percentField} />
        </FormField>
      </div>
      <p className="text-sm" aria-live="polite" data-testid="refund-policy-preview">
        <span className="text-muted-foreground">Guests will read: </span>
        <span className="font-medium">{sentence ?? 'Fix the numbers above to see the policy.'}</span>
      </p>
      <p className="text-xs text-muted-foreground">Each booking keeps the policy it was made under; changing it affects new bookings only.</p>
    </fieldset>
  );
}
