/**
 * The dinner a shared booking link names (`?event=<id>`: the admin's "Copy booking link"), or
 * null. Any page that sells dinners reads it: the organization page and its embed choose that
 * dinner, the venue pages (supper club, dinner series) preselect it in their date list. The id is
 * passed to the server as text (an unlisted dinner shows only to its link); a mangled one names
 * no dinner and changes nothing.
 */
export function linkedEventId(search: string = window.location.search): string | null {
  const id = new URLSearchParams(search).get('event')?.trim();
  return id ? id : null;
}
