/** The event overview's words. */
export const overviewMessages = {
  loading: 'Loading the overview…',
  loadFailed: 'Could not load the overview',
  doorList: 'Door list',
  capacityTitle: 'Capacity',
  nothingForSale: 'This event has no ticket types or time slots yet.',
  chartTitle: 'Bookings over time',
  chartEmpty: 'Nothing booked yet: bookings will show here day by day.',
  chartLoading: 'Loading the chart…',
} as const;
