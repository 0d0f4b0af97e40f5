import { forwardRef, type SelectHTMLAttributes } from 'react';
import { NativeSelect } from './input';

export interface SelectOption {
  value: string;
  label: string;
}

interface Props extends SelectHTMLAttributes<HTMLSelectElement> {
  options: readonly SelectOption[];
}

/** A NativeSelect whose options are a list of value/label pairs, in the list's order. */
export const OptionSelect = forwardRef<HTMLSelectElement, Props>(({ options, ...props }, ref) => (
  <NativeSelect ref={ref} {...props}>
    {options.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ))}
  </NativeSelect>
));
OptionSelect.displayName = 'OptionSelect';
