import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Building2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { timezones } from '@/config/timezones';
import { useDebounced } from '@/hooks/use-debounced';
import { useSlugCheck } from '../api/check-slug';
import { useCreateOrganization } from '../api/create-organization';
import { onboardingMessages } from '../messages';
import { slugFromName } from '@/lib/slug';
import { createOrganizationSchema, type CreateOrganizationOutput, type CreateOrganizationValues } from '../schemas';
import { SubmitButton } from '@/components/forms/submit-button';

interface Props {
  email: string;
  onSignOut(): void;
  signingOut: boolean;
}

/**
 * What a signed-in account without an organization sees: "Create your organization" (name, a web
 * address checked live, time zone, contact email). An invitation link joins an existing team instead.
 */
export function CreateOrganization({ email, onSignOut, signingOut }: Props) {
  const form = useForm<CreateOrganizationValues, unknown, CreateOrganizationOutput>({
    resolver: zodResolver(createOrganizationSchema),
    defaultValues: { name: '', slug: '', timezone: 'America/New_York', contactEmail: email },
  });
  // The web address follows the name until it is edited.
  const [slugEdited, setSlugEdited] = useState(false);
  const slug = (form.watch('slug') ?? '').trim().toLowerCase();
  const debounced = useDebounced(slug, 300);
  const check = useSlugCheck(debounced);
  const create = useCreateOrganization({
    onSuccess: () => toast.success(onboardingMessages.created(form.getValues('name').trim())),
    onError: (error) => toast.error(onboardingMessages.createFailed, { description: error.message || onboardingMessages.fallback }),
  });
  const nameField = form.register('name');
  const slugField = form.register('slug');
  const current = check.data && check.data.slug === slug ? check.data : null;
  const slugStatus =
    slug.length === 0 ? undefined : current ? (current.available ? onboardingMessages.available : undefined) : onboardingMessages.checking;
  const slugError = form.formState.errors.slug?.message ?? (current && !current.available ? (current.message ?? undefined) : undefined);

  return (
    <main className="container flex min-h-screen items-center justify-center py-12">
      <Card className="w-full max-w-lg">
        <CardHeader className="items-center text-center">
          <Building2 className="h-8 w-8 text-muted-foreground" aria-hidden />
          <h1 className="font-serif text-2xl font-semibold">Create your organization</h1>
          <CardDescription>
            You are signed in as {email}. Create your organization to sell seats at your dinners; it stays unpublished until you publish it. Invited
            to a team? Open the link in your invitation email instead.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
            <FormField label="Name" error={form.formState.errors.name?.message}>
              <Input
                autoComplete="organization"
                {...nameField}
                onChange={(e) => {
                  void nameField.onChange(e);
                  if (!slugEdited) form.setValue('slug', slugFromName(e.target.value));
                }}
              />
            </FormField>
            <FormField label="Web address" error={slugError} hint={slugError ? undefined : (slugStatus ?? `${window.location.host}/your-name`)}>
              <Input
                autoComplete="off"
                spellCheck={false}
                {...slugField}
                onChange={(e) => {
                  setSlugEdited(true);
                  void slugField.onChange(e);
                }}
              />
            </FormField>
            {slug && !slugError ? (
              <p className="break-all text-xs text-muted-foreground">
                Your page: {window.location.host}/{slug}
              </p>
            ) : null}
            <FormField label="Time zone">
              <OptionSelect options={timezones} {...form.register('timezone')} />
            </FormField>
            <FormField label="Contact email" error={form.formState.errors.contactEmail?.message} hint="Where the SupperHost team writes to you.">
              <Input type="email" autoComplete="email" inputMode="email" {...form.register('contactEmail')} />
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <Button type="button" variant="outline" onClick={onSignOut} disabled={signingOut}>
                Sign Out
              </Button>
              <SubmitButton pending={create.isPending} pendingLabel="Creating…" disabled={current !== null && !current.available}>
                Create organization
              </SubmitButton>
            </div>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
