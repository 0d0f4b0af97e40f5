/** The onboarding screens' words (the e2e tests look for them). */
export const onboardingMessages = {
  created: (name: string) => `${name} is created`,
  createFailed: 'Could not create the organization',
  published: (name: string) => `${name} is published`,
  publishFailed: 'Could not publish',
  /** The database's refusal to publish says the same (owner_publish_organization). */
  connectSquare: (event: string) => `Connect Square before publishing: ${event} takes card payments`,
  nameRequired: 'Enter a name',
  nameTooLong: 'At most 120 characters',
  slugInvalid: 'Use lowercase letters, digits and single dashes, not at the start or end',
  emailInvalid: 'Enter a valid email',
  available: 'Available',
  checking: 'Checking…',
  fallback: 'Something went wrong. Please try again.',
} as const;
