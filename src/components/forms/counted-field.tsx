import type { ReactElement } from 'react';
import { FormField } from '@/components/ui/form-field';
import { CharacterCount } from './character-count';

interface Props {
  label: string;
  error?: string;
  /** The field's rule, said before its count ("Up to 200 characters"). */
  rule: string;
  value: string;
  max: number;
  /** The count's test id. */
  testId: string;
  children: ReactElement<Record<string, unknown>>;
}

/** A form field with a length limit: its hint is the rule, then the count as the guest types. */
export function CountedField({ label, error, rule, value, max, testId, children }: Props) {
  return (
    <FormField
      label={label}
      error={error}
      hint={
        <>
          {rule} · <CharacterCount value={value} max={max} testId={testId} />
        </>
      }
    >
      {children}
    </FormField>
  );
}
