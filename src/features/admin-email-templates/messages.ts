/** The email template editor's words (toasts and errors). */
export const templateMessages = {
  loadFailed: 'Failed to fetch email templates',
  saved: (name: string) => `${name} template saved`,
  saveFailed: 'Failed to save the template',
  previewFailed: 'The preview could not be shown. Check your connection and try again.',
  copied: (placeholder: string) => `${placeholder} copied`,
  copyFailed: 'Failed to copy to clipboard',
  resetDone: 'Default text restored. Save to use it.',
} as const;
