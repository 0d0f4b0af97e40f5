import type { MouseEvent } from 'react';

/**
 * Spread on a submit button of a form that checks each field when it loses focus. Pressing the
 * button then leaves the focus in the field: otherwise its check runs between the press and the
 * release, the message it inserts moves the button from under the pointer, and the click is lost
 * (the guest must click twice). The submit checks every field anyway; keyboards are unaffected.
 */
export const keepFieldFocus = {
  onMouseDown: (event: MouseEvent<HTMLButtonElement>) => event.preventDefault(),
};
