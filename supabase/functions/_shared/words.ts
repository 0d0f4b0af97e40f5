// Words the emails and the pages both say, pure (no imports): the browser imports this file too
// (src/lib/words.ts), without the email templates.

/** A number of guests in words: "1 guest", "2 guests". */
export const guestCount = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;
