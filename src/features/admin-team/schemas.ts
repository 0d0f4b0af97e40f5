import { z } from 'zod';
import { teamMessages } from './messages';

export const teamRoles = ['staff', 'owner'] as const;

export const inviteSchema = z.object({
  role: z.enum(teamRoles),
  email: z.string().trim().min(1, teamMessages.emailRequired).max(320, teamMessages.emailInvalid).pipe(z.email(teamMessages.emailInvalid)),
});

export type InviteValues = z.input<typeof inviteSchema>;
export type InviteOutput = z.output<typeof inviteSchema>;
