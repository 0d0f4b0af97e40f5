/** The admin toasts for events, in the product's exact words (the e2e tests look for them). */
export const eventMessages = {
  success: 'Success',
  error: 'Error',
  rsvpCreated: 'RSVP event created successfully',
  reservationCreated: 'Reservation event created successfully',
  updated: 'Event updated successfully',
  deleted: 'Event deleted successfully',
  activated: 'Event activated successfully',
  deactivated: 'Event deactivated successfully',
  fetchFailed: 'Failed to fetch events',
  createFailed: 'Failed to create event',
  updateFailed: 'Failed to update event',
  deleteFailed: 'Failed to delete event',
  statusFailed: 'Failed to update event status',
} as const;
