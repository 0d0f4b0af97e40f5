export type OrgState = 'unpublished' | 'published' | 'suspended';

/** A row of the super admin's Organizations screen (SQL super_admin_list_organizations). */
export interface PlatformOrg {
  id: string;
  name: string;
  slug: string;
  state: OrgState;
  createdAt: string;
  /** The owners' emails, comma-separated; null before the invited owner joins. */
  ownerEmails: string | null;
  members: number;
  activeEvents: number;
  contactEmail: string | null;
  /** The platform runs it: its guests pay into SupperHost's own Square account (when it has none of its own). */
  platformPayments: boolean;
}
