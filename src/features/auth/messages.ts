/** The auth messages, in the product's exact words (the e2e tests look for them). */
export const authMessages = {
  signInFailed: 'Sign in failed',
  signInFallback: 'Unable to sign in',
  signUpFailed: 'Sign up failed',
  signUpFallback: 'Unable to sign up',
  accountExists: 'Account already exists',
  accountExistsDescription: 'This email is already registered. Please use the Login tab to sign in.',
  signedIn: 'Signed in',
  welcomeBack: 'Welcome back!',
  checkEmail: 'Check your email',
  confirmEmail: 'Confirm your email to complete signup.',
  signedOut: 'Signed out',
  signOutFailed: 'Failed to sign out',
} as const;

/** GoTrue says "User already registered" (code user_already_exists) or user_repeated_signup. */
export function isAlreadyRegistered(message: string | undefined | null): boolean {
  if (!message) return false;
  return message.includes('already registered') || message.includes('user_repeated_signup');
}
