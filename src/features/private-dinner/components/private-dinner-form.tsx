import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CountedField } from '@/components/forms/counted-field';
import { keepFieldFocus } from '@/components/forms/keep-field-focus';
import { SubmitButton } from '@/components/forms/submit-button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { PrivateDinnerRefused, useRequestPrivateDinner } from '../api/request-private-dinner';
import { dateRange, localToday, privateDinnerLimits, privateDinnerSchema, type PrivateDinnerFormValues, type PrivateDinnerInput } from '../schemas';

const { guests, message } = privateDinnerLimits;

/**
 * Editing → sending → sent (the parent shows the confirmation) or refused (a toast with the
 * server's words; everything typed stays). The button is disabled from the press until the
 * server has answered, and says so while the request is on its way: one press sends one request.
 */
export function PrivateDinnerForm({ slug, onSent }: { slug: string; onSent(input: PrivateDinnerInput): void }) {
  const form = useForm<PrivateDinnerFormValues, unknown, PrivateDinnerInput>({
    resolver: zodResolver(privateDinnerSchema()),
    mode: 'onBlur',
    defaultValues: { name: '', email: '', phone: '', date: '', guests: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const sending = useRef(false);
  // The dates offered, from the day the page opened (the check itself asks for today's date).
  const [dates] = useState(() => dateRange(localToday()));
  const send = useRequestPrivateDinner(slug, {
    onSuccess: (_id, input) => onSent(input),
    onError: (error) => {
      const description = error instanceof PrivateDinnerRefused ? error.message : 'Please check your connection and try again.';
      toast.error('Could not send your request', { description });
    },
  });

  return (
    <form
      noValidate
      aria-label="Private dinner request"
      onSubmit={form.handleSubmit(async (values) => {
        // A second press sends nothing while the first is on its way, even one made before the
        // disabled button is drawn (`sending` is set at once; state waits for the next render).
        if (sending.current) return;
        sending.current = true;
        try {
          await send.mutateAsync(values);
        } catch {
          // told by onError
        } finally {
          sending.current = false;
        }
      })}
      className="grid gap-5 sm:grid-cols-2"
    >
      <FormField label="Your name" error={errors.name?.message} className="sm:col-span-2">
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...form.register('phone')} />
      </FormField>
      <FormField label="Date" error={errors.date?.message}>
        <Input type="date" min={dates.min} max={dates.max} {...form.register('date')} />
      </FormField>
      <FormField label="Guests" error={errors.guests?.message} hint={`${guests.min} to ${guests.max}`}>
        <Input type="number" inputMode="numeric" min={guests.min} max={guests.max} step={1} {...form.register('guests')} />
      </FormField>
      <div className="sm:col-span-2">
        <CountedField
          label="Tell us about your dinner"
          error={errors.message?.message}
          rule={`The occasion, where, any dietary needs: ${message.min} to ${message.max} characters`}
          value={form.watch('message')}
          max={message.max}
          testId="private-dinner-message-count"
        >
          <Textarea rows={5} {...form.register('message')} />
        </CountedField>
      </div>
      <div className="space-y-3 sm:col-span-2">
        <SubmitButton size="lg" className="w-full" disabled={isSubmitting} pending={send.isPending} pendingLabel="Sending…" {...keepFieldFocus}>
          Send request
        </SubmitButton>
        <p className="text-center text-xs text-muted-foreground">Nothing is booked or charged until you agree on the dinner with the host.</p>
      </div>
    </form>
  );
}
