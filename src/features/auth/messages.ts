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
  sentTo: (email: string) => `We sent a link to ${email}. Open it to confirm your address: it signs you in and takes you on.`,
  notArrived:
    'No email after a few minutes? Check your spam or junk folder. If it is not there, sign up again with the same address, or check that you typed it correctly. If you already have an account, use the Login tab instead.',
  useAnotherEmail: 'Use a different email',
  signedOut: 'Signed out',
  signOutFailed: 'Failed to sign out',
} as const;

/** GoTrue says "User already registered" (code user_already_exists) or user_repeated_signup. */
export function isAlreadyRegistered(message: string | undefined | null): boolean {
  if (!message) return false;
  return message.includes('already registered') || message.includes('user_repeated_signup');
}
