import type { UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField } from '@/components/ui/checkbox-field';

/** Unlisted: the dinner is off the organization's page, its embed and the home page; its booking link still opens and books it. */
export function UnlistedField({ field }: { field: UseFormRegisterReturn }) {
  return (
    <CheckboxField
      label="Unlisted"
      hint="Hidden from your page and the home page. Anyone with its booking link (Copy booking link, on its overview) can see and book it."
      {...field}
    />
  );
}
