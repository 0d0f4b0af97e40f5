import { z } from 'zod';
import { timezones } from '@/config/timezones';
import { onboardingMessages } from './messages';

const zones = timezones.map((t) => t.value) as [string, ...string[]];

/** The create form; the server checks everything again (create_organization, check_org_slug). */
export const createOrganizationSchema = z.object({
  name: z.string().trim().min(1, onboardingMessages.nameRequired).max(120, onboardingMessages.nameTooLong),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(2, 'A web address needs at least 2 characters')
    .max(60, 'A web address has at most 60 characters')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, onboardingMessages.slugInvalid),
  timezone: z.enum(zones),
  contactEmail: z.string().trim().toLowerCase().max(320, onboardingMessages.emailInvalid).pipe(z.email(onboardingMessages.emailInvalid)),
});

export type CreateOrganizationValues = z.input<typeof createOrganizationSchema>;
export type CreateOrganizationOutput = z.output<typeof createOrganizationSchema>;
