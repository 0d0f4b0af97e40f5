/** An owner manages the team, payments and publishing; staff run events, reservations and the door. */
export type TeamRole = 'owner' | 'staff';

export interface TeamMember {
  userId: string;
  email: string;
  joinedAt: string;
  /** The signed-in staff member's own row. */
  isYou: boolean;
  role: TeamRole;
  /** Emailed each new booking and each guest's cancellation (each member sets their own). */
  bookingEmails: boolean;
  /** With booking emails on: one summary each morning instead of an email per booking. */
  bookingEmailsDaily: boolean;
}

export interface TeamInvitation {
  id: string;
  email: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  invitedByEmail: string | null;
  role: TeamRole;
}

export interface Team {
  members: TeamMember[];
  invitations: TeamInvitation[];
}

export type InvitationStatus = 'pending' | 'expired' | 'revoked' | 'accepted';

/** What the join page shows before accepting: the invited address and the organization. */
export interface InvitationPreview {
  email: string;
  orgName: string;
  expiresAt: string;
  status: InvitationStatus;
}

export interface AcceptedInvitation {
  orgId: string;
  orgName: string;
}
