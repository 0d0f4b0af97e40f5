/**
 * The venue's fixed details. The dates and seatings come from the data; where the suppers
 * happen and where the venue posts news do not change from one date to the next.
 */
export const supperClubVenue = {
  address: 'Old Fourth Ward, Atlanta, GA',
  instagramUrl: 'https://www.instagram.com/magnoliasupperclub',
} as const;
