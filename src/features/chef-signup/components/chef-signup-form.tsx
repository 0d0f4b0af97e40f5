import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { useCreateChefSignup } from '../api/create-chef-signup';
import { chefSignupSchema, type ChefSignupFormValues, type ChefSignupInput } from '../schemas';

/** Editing → submitting → success (parent swaps in the thank-you) or failure (stays editable). */
export function ChefSignupForm({ onSubmitted }: { onSubmitted: () => void }) {
  const form = useForm<ChefSignupFormValues, unknown, ChefSignupInput>({
    resolver: zodResolver(chefSignupSchema),
    mode: 'onBlur',
    defaultValues: { name: '', email: '', concept: '', nextEventDates: '' },
  });
  const { errors } = form.formState;
  const signup = useCreateChefSignup({
    onSuccess: () => {
      toast.success('Thanks!', { description: 'We received your inquiry and will be in touch soon.' });
      onSubmitted();
    },
    onError: () => {
      toast.error('Submission failed', { description: 'Please try again or email us directly.' });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signup.mutate(values))} className="space-y-5">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Concept" error={errors.concept?.message} hint="The food, the format, the feeling: a few lines is plenty.">
        <Textarea rows={5} {...form.register('concept')} />
      </FormField>
      <FormField label="Ideal dates (optional)" error={errors.nextEventDates?.message}>
        <Input placeholder="e.g. a Saturday in March" {...form.register('nextEventDates')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={signup.isPending}>
        {signup.isPending ? 'Submitting…' : 'Submit inquiry'}
      </Button>
    </form>
  );
}
