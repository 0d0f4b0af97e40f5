import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';

interface Props {
  subject: UseFormRegisterReturn;
  message: UseFormRegisterReturn;
  errors: { subject?: string; message?: string };
}

/** An email's Subject and Message fields, as staff write to one guest or to everyone booked. */
export function EmailMessageFields({ subject, message, errors }: Props) {
  return (
    <>
      <FormField label="Subject" error={errors.subject}>
        <Input {...subject} />
      </FormField>
      <FormField label="Message" error={errors.message}>
        <Textarea rows={8} {...message} />
      </FormField>
    </>
  );
}
