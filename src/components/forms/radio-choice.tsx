import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface Props {
  /** The registered radio group. */
  field: UseFormRegisterReturn;
  value: string;
  label: string;
  /** The group's current value: the choice's own fields (`children`) show while it is chosen. */
  chosen: string;
  /** The space between the label and those fields. */
  spacing: 'space-y-2' | 'space-y-3';
  children?: ReactNode;
}

/** A bordered radio choice of a dialog's form, with the fields that go with it once chosen. */
export function RadioChoice({ field, value, label, chosen, spacing, children }: Props) {
  return (
    <div className={`${spacing} rounded-md border p-3 has-[:checked]:border-primary`}>
      <label className="flex items-start gap-3 text-sm font-medium">
        <input type="radio" value={value} className="mt-0.5 h-5 w-5 shrink-0 accent-primary" {...field} />
        <span>{label}</span>
      </label>
      {chosen === value ? children : null}
    </div>
  );
}
