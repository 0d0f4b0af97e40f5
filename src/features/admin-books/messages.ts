/** The Books screen's words (the e2e tests look for them). */
export const booksMessages = {
  loadFailed: 'Failed to load the books',
  exportFailed: 'Could not download the books',
  badRange: 'Choose a start date on or before the end date.',
  afterRefunds:
    'Collected is gross less discounts plus service charge and tax; net is collected less platform fees, before Square’s own fees. Every column is after refunds; Refunds is the part of Collected that went back to guests.',
} as const;
