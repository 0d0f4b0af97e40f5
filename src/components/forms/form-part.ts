import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';

/** What a group of a form's fields takes from the form (react-hook-form's register and errors). */
export interface FormPartProps<T extends FieldValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}
