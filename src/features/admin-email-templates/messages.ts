/** The email template editor's words (toasts, errors, the thank-you switch). */
export const templateMessages = {
  loadFailed: 'Failed to fetch email templates',
  saved: (name: string) => `${name} template saved`,
  saveFailed: 'Failed to save the template',
  previewFailed: 'The preview could not be shown. Check your connection and try again.',
  copied: (placeholder: string) => `${placeholder} copied`,
  copyFailed: 'Failed to copy to clipboard',
  resetDone: 'Default text restored. Save to use it.',
  thankYouSwitch: 'Send after each dinner',
  thankYouHint: 'The morning after each dinner, at 10 AM its time, to each guest who came.',
  thankYouOn: 'Thank-you emails are on',
  thankYouOff: 'Thank-you emails are off',
  thankYouFailed: 'Could not change thank-you emails',
  thankYouLoadFailed: 'Could not load whether thank-you emails are sent',
  fallback: 'Something went wrong. Please try again.',
} as const;
