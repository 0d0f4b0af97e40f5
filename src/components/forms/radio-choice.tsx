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
  spacing: Spacing;
  children?: ReactNode;
}

type Spacing = 'space-y-2' | 'space-y-3';

/** A bordered radio choice of a dialog's form, with the fields that go with it once chosen. */
function RadioChoice({ field, value, label, chosen, spacing, children }: Props) {
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

/**
 * The choices of one radio group: `radio(value, label, fields?)` renders a choice, and the fields
 * that go with it while it is the group's value (`chosen`).
 */
export function radioChoices<V extends string>(field: UseFormRegisterReturn, chosen: V, spacing: Spacing) {
  return (value: V, label: string, fields?: ReactNode) => (
    <RadioChoice field={field} value={value} label={label} chosen={chosen} spacing={spacing}>
      {fields}
    </RadioChoice>
  );
}
