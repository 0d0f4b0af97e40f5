/** The branding and upload toasts, in the product's exact words (the e2e tests look for them). */
export const brandingMessages = {
  loadFailedTitle: 'Error loading branding',
  loadFailed: 'Failed to load branding settings.',
  saveFailedTitle: 'Error saving branding',
  saveFailed: 'Failed to save branding settings.',
  saved: 'Branding saved',
  savedDescription: 'Your public page has been updated.',
  uploadFailed: 'Upload failed',
  uploadFallback: 'An error occurred during upload',
  uploaded: 'Upload successful',
} as const;
