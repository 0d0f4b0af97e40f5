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
  forgotPassword: 'Forgot password?',
  resetTitle: 'Reset your password',
  resetIntro: 'Enter the email address of your account. We will send it a link to choose a new password.',
  sendResetLink: 'Send reset link',
  sendingResetLink: 'Sending…',
  resetSentTo: (email: string) => `If an account exists for ${email}, we sent it a link to choose a new password. The link works once, for one hour.`,
  resetNotArrived:
    'No email after a few minutes? Check your spam or junk folder, and check that you typed the address correctly. You can ask for a new link a minute after the last one.',
  resetRequestFailed: 'Could not send the link',
  tooManyRequests: 'Please wait a few minutes, then try again.',
  backToSignIn: 'Back to sign in',
  getLink: 'Get a link by email',
  getNewLink: 'Get a new link',
  choosePassword: 'Choose a new password',
  yourAccount: 'Your account',
  choosePasswordFor: (email: string) => `For ${email}. Other devices signed in to this account will be signed out.`,
  passwordHint: (length: number) => `At least ${length} characters.`,
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  savePassword: 'Save new password',
  savingPassword: 'Saving…',
  passwordUpdated: 'Password updated',
  passwordUpdatedDescription: 'You are signed in with your new password.',
  passwordUpdateFailed: 'Password not changed',
  linkExpired: 'This link has expired or was already used',
  linkExpiredDescription: 'A password reset link works once, for one hour, and only the newest one works. Ask for a new link below.',
  linkMissing: 'Open the link from your email',
  linkMissingDescription: 'To choose a new password, follow the link in the password reset email. No email, or an old one? Ask for a new link below.',
  checkingLink: 'Checking your link…',
  signedOut: 'Signed out',
  signOutFailed: 'Failed to sign out',
} as const;

/** GoTrue says "User already registered" (code user_already_exists) or user_repeated_signup. */
export function isAlreadyRegistered(message: string | undefined | null): boolean {
  if (!message) return false;
  return message.includes('already registered') || message.includes('user_repeated_signup');
}
