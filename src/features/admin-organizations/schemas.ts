import { z } from 'zod';
import { timezones } from '@/config/timezones';
import { organizationsMessages } from './messages';

const zones = timezones.map((t) => t.value) as [string, ...string[]];

/** The super admin's create form; the server checks everything again (super_admin_create_organization). */
export const platformOrgSchema = z.object({
  name: z.string().trim().min(1, organizationsMessages.nameRequired).max(120),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(2, organizationsMessages.slugInvalid)
    .max(60, organizationsMessages.slugInvalid)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, organizationsMessages.slugInvalid),
  timezone: z.enum(zones),
  ownerEmail: z.string().trim().toLowerCase().max(320, organizationsMessages.emailInvalid).pipe(z.email(organizationsMessages.emailInvalid)),
});

export type PlatformOrgValues = z.input<typeof platformOrgSchema>;
export type PlatformOrgOutput = z.output<typeof platformOrgSchema>;
