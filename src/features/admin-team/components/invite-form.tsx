import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { useInviteMember } from '../api/invite-member';
import { teamMessages } from '../messages';
import { inviteSchema, type InviteOutput, type InviteValues } from '../schemas';
import { roleHints, roleOptions } from './role-options';
import { SubmitButton } from '@/components/forms/submit-button';

/** 'Invite by email' with a role: the invitation email with its link is sent by the server. */
export function InviteForm({ orgId }: { orgId: string }) {
  const form = useForm<InviteValues, unknown, InviteOutput>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '', role: 'staff' } });
  const invite = useInviteMember(orgId, {
    onSuccess: (email) => {
      toast.success(teamMessages.invited, { description: teamMessages.invitedDescription(email) });
      form.reset({ email: '', role: 'staff' });
    },
    onError: (error) => toast.error(teamMessages.inviteFailed, { description: error.message || teamMessages.fallback }),
  });

  return (
    <form
      aria-labelledby="team-invite-heading"
      className="space-y-3 rounded-lg border bg-card p-4"
      noValidate
      onSubmit={form.handleSubmit((values) => invite.mutate({ orgId, values }))}
    >
      <h3 id="team-invite-heading" className="text-lg font-semibold">
        Invite by email
      </h3>
      <p className="text-sm text-muted-foreground">They get an email with a link to join; it works for 7 days.</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField label="Email" error={form.formState.errors.email?.message} className="flex-1">
          <Input type="email" autoComplete="off" inputMode="email" placeholder="name@example.com" {...form.register('email')} />
        </FormField>
        <FormField label="Role" className="sm:w-56" hint={roleHints[form.watch('role')]}>
          <OptionSelect options={roleOptions} {...form.register('role')} />
        </FormField>
        <SubmitButton className="sm:mt-8" pending={invite.isPending} pendingLabel="Inviting…">
          Send invitation
        </SubmitButton>
      </div>
    </form>
  );
}
