/** The postMessage type the embed page sends with its content height. */
export const EMBED_HEIGHT_MESSAGE = 'supperhost:embed-height';

/**
 * The snippet an organization pastes into its own website: the booking form in an iframe
 * (width 100%, height 600) plus a tiny listener that grows the frame to its content.
 * The listener only trusts messages from our origin and only sets a numeric height.
 */
export function embedCode(origin: string, slug: string, orgName: string): string {
  const src = `${origin}/${encodeURIComponent(slug)}/embed`;
  const frameId = `supperhost-embed-${slug}`;
  const title = `Book with ${orgName}`.replace(/[<>"&]/g, '');
  return [
    `<iframe id="${frameId}" src="${src}" width="100%" height="600" style="border:0;width:100%;" title="${title}" loading="lazy"></iframe>`,
    `<script>`,
    `window.addEventListener('message', function (e) {`,
    `  if (e.origin !== ${JSON.stringify(origin)} || !e.data || e.data.type !== '${EMBED_HEIGHT_MESSAGE}') return;`,
    `  var h = Number(e.data.height);`,
    `  if (h > 0 && h < 20000) document.getElementById(${JSON.stringify(frameId)}).style.height = h + 'px';`,
    `});`,
    `</script>`,
  ].join('\n');
}
