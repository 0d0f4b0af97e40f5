import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { OptionSelect } from '@/components/ui/option-select';
import { Switch } from '@/components/ui/switch';
import { useTeam } from '../api/get-team';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useSetBookingEmails } from '../api/set-booking-emails';
import { useSetMemberRole } from '../api/set-member-role';
import { teamMessages } from '../messages';
import type { TeamMember, TeamRole } from '../types';
import { InviteForm } from './invite-form';
import { roleLabels } from './role-options';

const memberRoleOptions = [
  { value: 'owner', label: roleLabels.owner },
  { value: 'staff', label: roleLabels.staff },
] as const;

/** One email per booking, or one summary each morning (08:00 on the organization's clock). */
const bookingEmailOptions = [
  { value: 'each', label: 'Each booking' },
  { value: 'daily', label: 'Morning summary' },
] as const;

const isRole = (value: string): value is TeamRole => value === 'owner' || value === 'staff';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * The organization's team: members with their roles; for an owner also 'Invite by email' with a
 * role, role changes, removals and the open invitations (staff see the members and may leave).
 * The server decides who may change it.
 */
/** One of the team section's lists (members, pending invitations), its count in its heading. */
function TeamList({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h3 id={id} className="text-lg font-semibold">
        {title} ({count})
      </h3>
      <ul aria-labelledby={id} className="divide-y rounded-lg border bg-card">
        {children}
      </ul>
    </div>
  );
}

/** Who a row is about: the address (and its badge), then a line of details. */
function TeamPerson({ email, badge, children }: { email: string; badge: ReactNode; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="break-all font-medium">
        {email} {badge}
      </p>
      <p className="text-xs text-muted-foreground">{children}</p>
    </div>
  );
}

export function TeamTab({ orgId, orgName, isOwner }: { orgId: string; orgName: string; isOwner: boolean }) {
  const team = useTeam(orgId, isOwner);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const revoke = useRevokeInvitation(orgId, {
    onSuccess: () => toast.success(teamMessages.revoked),
    onError: (error) => toast.error(teamMessages.revokeFailed, { description: error.message || teamMessages.fallback }),
  });
  const remove = useRemoveMember({
    onSuccess: () => {
      toast.success(teamMessages.removed);
      setRemoving(null);
    },
    onError: (error) => {
      toast.error(teamMessages.removeFailed, { description: error.message || teamMessages.fallback });
      setRemoving(null);
    },
  });

  const setRole = useSetMemberRole({
    onSuccess: (_, change) => {
      const member = team.data?.members.find((m) => m.userId === change.userId);
      toast.success(teamMessages.roleChanged(member?.email ?? '', change.role));
    },
    onError: (error) => toast.error(teamMessages.roleFailed, { description: error.message || teamMessages.fallback }),
  });

  const bookingEmails = useSetBookingEmails(orgId, {
    onSuccess: (_, change) => {
      const daily = change.daily ?? team.data?.members.find((m) => m.isYou)?.bookingEmailsDaily;
      toast.success(!change.on ? teamMessages.bookingEmailsOff : daily ? teamMessages.bookingEmailsDaily : teamMessages.bookingEmailsOn);
    },
    onError: (error) => toast.error(teamMessages.bookingEmailsFailed, { description: error.message || teamMessages.fallback }),
  });

  const members = team.data?.members;
  const invitations = team.data?.invitations;

  return (
    <AdminSection id="team" title="Team">
      <p className="text-sm text-muted-foreground">
        Owners manage {orgName}'s team, payments and publishing; staff run its events, reservations and the door. With booking emails on, you are
        emailed each new booking and each guest's cancellation, or get one summary of them each morning.
      </p>
      {isOwner ? <InviteForm orgId={orgId} /> : null}
      <QueryStatus query={team} rows={members} loading="Loading the team…" failed={teamMessages.loadFailed} empty="No members." toast>
        {(listed) => (
          <TeamList id="team-members-heading" title="Members" count={listed.length}>
            {listed.map((member) => (
              <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <TeamPerson email={member.email} badge={member.isYou ? <Badge variant="secondary">You</Badge> : null}>
                  {isOwner ? null : `${roleLabels[member.role]} · `}Joined {day(member.joinedAt)}
                  {member.bookingEmails && !member.isYou
                    ? member.bookingEmailsDaily
                      ? ' · Gets a morning summary of bookings'
                      : ' · Gets booking emails'
                    : ''}
                </TeamPerson>
                <div className="flex flex-wrap items-center gap-2">
                  {member.isYou ? (
                    <label className="flex items-center gap-2 text-sm">
                      <Switch
                        checked={member.bookingEmails}
                        disabled={bookingEmails.isPending}
                        onCheckedChange={(on) => bookingEmails.mutate({ orgId, on })}
                      />
                      Booking emails
                    </label>
                  ) : null}
                  {member.isYou && member.bookingEmails ? (
                    <OptionSelect
                      aria-label="How you get booking emails"
                      className="h-9 w-auto pr-8"
                      options={bookingEmailOptions}
                      value={member.bookingEmailsDaily ? 'daily' : 'each'}
                      disabled={bookingEmails.isPending}
                      onChange={(e) => bookingEmails.mutate({ orgId, on: true, daily: e.target.value === 'daily' })}
                    />
                  ) : null}
                  {isOwner ? (
                    <OptionSelect
                      aria-label={`Role of ${member.email}`}
                      className="h-9 w-28"
                      options={memberRoleOptions}
                      value={member.role}
                      disabled={setRole.isPending}
                      onChange={(e) => {
                        if (isRole(e.target.value)) setRole.mutate({ orgId, userId: member.userId, role: e.target.value });
                      }}
                    />
                  ) : null}
                  {isOwner || member.isYou ? (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={member.isYou ? `Leave ${orgName}` : `Remove ${member.email}`}
                      onClick={() => setRemoving(member)}
                    >
                      {member.isYou ? 'Leave' : 'Remove'}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </TeamList>
        )}
      </QueryStatus>

      {invitations && invitations.length > 0 ? (
        <TeamList id="team-invitations-heading" title="Pending invitations" count={invitations.length}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <TeamPerson email={invitation.email} badge={invitation.expired ? <Badge variant="warning">Expired</Badge> : null}>
                {roleLabels[invitation.role]} · {invitation.expired ? 'Expired' : 'Expires'} {day(invitation.expiresAt)}
                {invitation.invitedByEmail ? ` · invited by ${invitation.invitedByEmail}` : ''}
              </TeamPerson>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Revoke the invitation of ${invitation.email}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invitation.id)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </TeamList>
      ) : null}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={removing?.isYou ? `Leave ${orgName}?` : `Remove ${removing?.email ?? ''}?`}
        description={
          removing?.isYou
            ? `You will no longer be able to run ${orgName}'s admin panel.`
            : `They will no longer be able to run ${orgName}'s admin panel. You can invite them again later.`
        }
        confirmLabel={removing?.isYou ? 'Leave' : 'Remove'}
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate({ orgId, userId: removing.userId });
        }}
      />
    </AdminSection>
  );
}
