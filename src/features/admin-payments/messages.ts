/** The Payments screen's words (the e2e tests look for them). */
export const paymentsMessages = {
  loadFailed: 'Failed to load the payment settings',
  connectFailed: 'Could not connect Square',
  connected: 'Square connected',
  connectedDescription: 'Choose the location where your guests pay.',
  locationChosen: 'Location saved',
  locationFailed: 'Could not choose this location',
  disconnected: 'Square disconnected',
  disconnectFailed: 'Could not disconnect Square',
  feeSaved: 'Platform fee saved',
  feeFailed: 'Could not save the platform fee',
  fallback: 'Something went wrong. Please try again.',
} as const;
