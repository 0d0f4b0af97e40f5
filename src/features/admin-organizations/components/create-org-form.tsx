import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { timezones } from '@/config/timezones';
import { useCreatePlatformOrg } from '../api/create-organization';
import { organizationsMessages } from '../messages';
import { platformOrgSchema, type PlatformOrgOutput, type PlatformOrgValues } from '../schemas';
import { SubmitButton } from '@/components/forms/submit-button';

const empty: PlatformOrgValues = { name: '', slug: '', timezone: 'America/New_York', ownerEmail: '' };

/** 'Create an organization': it starts unpublished, and its owner gets the team invitation by email. */
export function CreateOrgForm() {
  const form = useForm<PlatformOrgValues, unknown, PlatformOrgOutput>({ resolver: zodResolver(platformOrgSchema), defaultValues: empty });
  const create = useCreatePlatformOrg({
    onSuccess: (created) => {
      toast.success(organizationsMessages.created(created.name, created.ownerEmail));
      form.reset(empty);
    },
    onError: (error) => toast.error(organizationsMessages.createFailed, { description: error.message || organizationsMessages.fallback }),
  });
  const errors = form.formState.errors;

  return (
    <form
      aria-labelledby="create-org-heading"
      className="space-y-3 rounded-lg border bg-card p-4"
      noValidate
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
    >
      <h3 id="create-org-heading" className="text-lg font-semibold">
        Create an organization
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Organization name" error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField label="Web address" error={errors.slug?.message}>
          <Input autoComplete="off" spellCheck={false} placeholder="their-name" {...form.register('slug')} />
        </FormField>
        <FormField label="Time zone">
          <OptionSelect options={timezones} {...form.register('timezone')} />
        </FormField>
        <FormField label="Owner's email" error={errors.ownerEmail?.message}>
          <Input type="email" autoComplete="off" inputMode="email" {...form.register('ownerEmail')} />
        </FormField>
      </div>
      <SubmitButton pending={create.isPending} pendingLabel="Creating…">
        Create and invite the owner
      </SubmitButton>
    </form>
  );
}
