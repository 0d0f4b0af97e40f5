import { forwardRef, type SelectHTMLAttributes } from 'react';
import { NativeSelect } from './input';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface Props extends SelectHTMLAttributes<HTMLSelectElement> {
  options: readonly SelectOption[];
  /** The first option, empty-valued ("Select a date"), for while nothing is chosen. */
  placeholder?: string;
}

/** A NativeSelect whose options are a list of value/label pairs, in the list's order. */
export const OptionSelect = forwardRef<HTMLSelectElement, Props>(({ options, placeholder, ...props }, ref) => (
  <NativeSelect ref={ref} {...props}>
    {placeholder === undefined ? null : <option value="">{placeholder}</option>}
    {options.map((o) => (
      <option key={o.value} value={o.value} disabled={o.disabled}>
        {o.label}
      </option>
    ))}
  </NativeSelect>
));
OptionSelect.displayName = 'OptionSelect';
