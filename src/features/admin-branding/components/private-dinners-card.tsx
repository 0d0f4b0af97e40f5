import { useId } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { CountedField } from '@/components/forms/counted-field';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { TitledCard } from '@/components/ui/titled-card';
import { paths } from '@/config/paths';
import { PRIVATE_DINNER_NOTE_MAX, type BrandingFormValues } from '../schemas';

/**
 * The branding form's private dinners part: whether the page invites guests to ask for a private
 * dinner (at /{slug}/private-dinner), and what the host offers, shown above that form. Saved with
 * the rest of the branding.
 */
export function PrivateDinnersCard({ form, orgSlug }: { form: UseFormReturn<BrandingFormValues>; orgSlug: string }) {
  const switchId = useId();
  const hintId = useId();
  const [on, note] = useWatch({ control: form.control, name: ['private_dinners', 'private_dinner_note'] });
  const link = `${window.location.origin}${paths.orgPage.getHref(orgSlug)}/private-dinner`;

  return (
    <TitledCard
      title="Private dinners"
      description="Invite guests to ask you to cook for their own party: a birthday at home, a company dinner."
      className="grid gap-4"
    >
      <div className="grid gap-1">
        <div className="flex items-center gap-3">
          <Controller
            control={form.control}
            name="private_dinners"
            render={({ field }) => (
              <Switch
                id={switchId}
                aria-describedby={hintId}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Label htmlFor={switchId}>Take private dinner requests</Label>
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          Your page links to a request form; each request is emailed to your team and listed under Private dinners.
        </p>
      </div>
      {on ? (
        <p className="text-sm">
          Guests ask at <span className="break-all font-medium">{link}</span>
        </p>
      ) : null}
      <CountedField
        label="What you offer"
        error={form.formState.errors.private_dinner_note?.message}
        rule="Optional. Shown above the request form: party sizes, price per guest, where you cook."
        value={note}
        max={PRIVATE_DINNER_NOTE_MAX}
        testId="private-dinner-note-count"
      >
        <Textarea rows={4} {...form.register('private_dinner_note')} />
      </CountedField>
    </TitledCard>
  );
}
