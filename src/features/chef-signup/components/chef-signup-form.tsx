import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CountedField } from '@/components/forms/counted-field';
import { Input, Textarea } from '@/components/ui/input';
import {
  CHEF_CONCEPT_MAX_LENGTH,
  CHEF_CONCEPT_MIN_LENGTH,
  CHEF_EVENT_DATES_MAX_LENGTH,
  CHEF_NAME_MIN_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
} from '@/config/product';
import { ChefSignupRefused, useCreateChefSignup } from '../api/create-chef-signup';
import { chefSignupSchema, type ChefSignupFormValues, type ChefSignupInput } from '../schemas';
import { keepFieldFocus } from '@/components/forms/keep-field-focus';
import { SubmitButton } from '@/components/forms/submit-button';

/** Editing → submitting → success (parent swaps in the thank-you) or failure (stays editable). */
export function ChefSignupForm({ onSubmitted }: { onSubmitted: () => void }) {
  const form = useForm<ChefSignupFormValues, unknown, ChefSignupInput>({
    resolver: zodResolver(chefSignupSchema),
    mode: 'onBlur',
    defaultValues: { name: '', email: '', concept: '', nextEventDates: '' },
  });
  const { errors } = form.formState;
  const [name, email, concept, nextEventDates] = form.watch(['name', 'email', 'concept', 'nextEventDates']);
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
      <CountedField
        label="Name"
        error={errors.name?.message}
        rule={`${CHEF_NAME_MIN_LENGTH} to ${MAX_NAME_LENGTH} characters`}
        value={name}
        max={MAX_NAME_LENGTH}
        testId="chef-name-count"
      >
        <Input autoComplete="name" {...form.register('name')} />
      </CountedField>
      <CountedField
        label="Email"
        error={errors.email?.message}
        rule={`At most ${MAX_EMAIL_LENGTH} characters; we email you a confirmation`}
        value={email}
        max={MAX_EMAIL_LENGTH}
        testId="chef-email-count"
      >
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </CountedField>
      <CountedField
        label="Concept"
        error={errors.concept?.message}
        rule={`The food, the format, the feeling: a few lines is plenty. ${CHEF_CONCEPT_MIN_LENGTH} to ${CHEF_CONCEPT_MAX_LENGTH} characters`}
        value={concept}
        max={CHEF_CONCEPT_MAX_LENGTH}
        testId="chef-concept-count"
      >
        <Textarea rows={5} {...form.register('concept')} />
      </CountedField>
      <CountedField
        label="Ideal dates (optional)"
        error={errors.nextEventDates?.message}
        rule={`At most ${CHEF_EVENT_DATES_MAX_LENGTH} characters`}
        value={nextEventDates}
        max={CHEF_EVENT_DATES_MAX_LENGTH}
        testId="chef-dates-count"
      >
        <Input placeholder="e.g. a Saturday in March" {...form.register('nextEventDates')} />
      </CountedField>
      <p className="text-xs text-muted-foreground">Name, email and concept are required.</p>
      <SubmitButton size="lg" className="w-full" pending={signup.isPending} pendingLabel="Submitting…" {...keepFieldFocus}>
        Submit inquiry
      </SubmitButton>
    </form>
  );
}
