/** The guest details of an empty booking form (zod-free: the forms render it before zod loads). */
export const emptyGuestDetails = {
  name: '',
  email: '',
  phone: '',
  dietaryRestrictions: '',
  specialRequests: '',
};
