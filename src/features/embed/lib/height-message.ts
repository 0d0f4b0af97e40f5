/** The message the embed posts to its parent page whenever its height changes. */
export const EMBED_HEIGHT_MESSAGE = 'supperhost:embed-height';

export interface EmbedHeightMessage {
  type: typeof EMBED_HEIGHT_MESSAGE;
  height: number;
}

export function heightMessage(height: number): EmbedHeightMessage {
  return { type: EMBED_HEIGHT_MESSAGE, height: Math.ceil(height) };
}

export function isEmbedHeightMessage(data: unknown): data is EmbedHeightMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === EMBED_HEIGHT_MESSAGE &&
    typeof (data as { height?: unknown }).height === 'number' &&
    Number.isFinite((data as { height: number }).height)
  );
}

/**
 * The snippet the admin panel's Embed Form tab shows (iframe width 100%, height 600, plus the
 * listener that lets the iframe grow with the form). `siteOrigin` is e.g. https://supperhost.com.
 */
export function embedSnippet(siteOrigin: string, orgSlug: string): string {
  const src = `${siteOrigin.replace(/\/$/, '')}/${encodeURIComponent(orgSlug)}/embed`;
  return [
    `<iframe id="supperhost-${orgSlug}" src="${src}" width="100%" height="600" style="border:0;width:100%" title="Book a table" loading="lazy"></iframe>`,
    '<script>',
    '  window.addEventListener("message", function (e) {',
    `    if (e.origin !== ${JSON.stringify(new URL(siteOrigin).origin)}) return;`,
    `    if (!e.data || e.data.type !== ${JSON.stringify(EMBED_HEIGHT_MESSAGE)}) return;`,
    `    var frame = document.getElementById(${JSON.stringify(`supperhost-${orgSlug}`)});`,
    '    if (frame && e.data.height > 0) frame.style.height = e.data.height + "px";',
    '  });',
    '</script>',
  ].join('\n');
}
