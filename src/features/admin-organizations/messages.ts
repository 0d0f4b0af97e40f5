/** The Organizations screen's words (the e2e tests look for them). */
export const organizationsMessages = {
  title: 'Organizations',
  intro:
    'Every organization on SupperHost. Create one for a host and invite its owner; suspend one to close its pages and bookings, nothing is deleted.',
  created: (name: string, email: string) => `${name} is created; we emailed ${email} an invitation to own it`,
  createFailed: 'Could not create the organization',
  suspended: (name: string) => `${name} is suspended`,
  reactivated: (name: string) => `${name} is reactivated`,
  stateFailed: 'Could not change the organization',
  platformPayments: "Paid into SupperHost's Square account",
  platformPaymentsOn: (name: string) => `${name}'s guests can pay into SupperHost's Square account`,
  platformPaymentsOff: (name: string) => `${name}'s guests pay only into its own Square account`,
  loadFailed: 'Failed to load the organizations',
  nameRequired: 'Enter a name',
  slugInvalid: 'Use lowercase letters, digits and single dashes',
  emailInvalid: 'Enter a valid email',
  fallback: 'Something went wrong. Please try again.',
} as const;

export const stateLabels = { unpublished: 'Unpublished', published: 'Published', suspended: 'Suspended' } as const;
