/** The Books screen's words (the e2e tests look for them). */
export const booksMessages = {
  loadFailed: 'Failed to load the books',
  exportFailed: 'Could not download the books',
  badRange: 'Choose a start date on or before the end date.',
  afterRefunds:
    'Charged less refunds is what you collected: gross less discounts, plus service charge and tax, all after refunds. Net is what you collected less platform fees, before Square’s own fees.',
} as const;
