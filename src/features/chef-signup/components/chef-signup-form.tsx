import type { ReactElement } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CountedField } from '@/components/forms/counted-field';
import { Input, Textarea } from '@/components/ui/input';
import { ChefSignupRefused, useCreateChefSignup } from '../api/create-chef-signup';
import { chefSignupRules, chefSignupSchema, type ChefSignupFormValues, type ChefSignupInput } from '../schemas';
import { keepFieldFocus } from '@/components/forms/keep-field-focus';
import { SubmitButton } from '@/components/forms/submit-button';

/** The form's fields in order, each with its length rule (chefSignupRules) and count. */
const fields: {
  name: keyof ChefSignupFormValues;
  label: string;
  testId: string;
  control(field: UseFormRegisterReturn): ReactElement<Record<string, unknown>>;
}[] = [
  { name: 'name', label: 'Name', testId: 'chef-name-count', control: (field) => <Input autoComplete="name" {...field} /> },
  {
    name: 'email',
    label: 'Email',
    testId: 'chef-email-count',
    control: (field) => <Input type="email" autoComplete="email" inputMode="email" {...field} />,
  },
  { name: 'concept', label: 'Concept', testId: 'chef-concept-count', control: (field) => <Textarea rows={5} {...field} /> },
  {
    name: 'nextEventDates',
    label: 'Ideal dates (optional)',
    testId: 'chef-dates-count',
    control: (field) => <Input placeholder="e.g. a Saturday in March" {...field} />,
  },
];

/** Editing → submitting → success (parent swaps in the thank-you) or failure (stays editable). */
export function ChefSignupForm({ onSubmitted }: { onSubmitted: () => void }) {
  const form = useForm<ChefSignupFormValues, unknown, ChefSignupInput>({
    resolver: zodResolver(chefSignupSchema),
    mode: 'onBlur',
    defaultValues: { name: '', email: '', concept: '', nextEventDates: '' },
  });
  const { errors } = form.formState;
  const typed = form.watch();
  const signup = useCreateChefSignup({
    onSuccess: () => {
      toast.success('Thanks!', { description: 'We received your inquiry and will be in touch soon.' });
      onSubmitted();
    },
    onError: (error) => {
      // A refused value says which limit; anything else keeps the product's words.
      const description = error instanceof ChefSignupRefused ? error.message : 'Please try again or email us directly.';
      toast.error('Submission failed', { description });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signup.mutate(values))} className="space-y-5">
      {fields.map(({ name, label, testId, control }) => (
        <CountedField key={name} label={label} error={errors[name]?.message} value={typed[name]} testId={testId} {...chefSignupRules[name]}>
          {control(form.register(name))}
        </CountedField>
      ))}
      <p className="text-xs text-muted-foreground">Name, email and concept are required.</p>
      <SubmitButton size="lg" className="w-full" pending={signup.isPending} pendingLabel="Submitting…" {...keepFieldFocus}>
        Submit inquiry
      </SubmitButton>
    </form>
  );
}
