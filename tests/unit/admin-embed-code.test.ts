import { describe, expect, it } from 'vitest';
import { embedCode, EMBED_HEIGHT_MESSAGE } from '../../src/features/admin-embed/lib/embed-code';
import { EMBED_HEIGHT_MESSAGE as EMBED_PAGE_MESSAGE } from '../../src/features/embed/lib/height-message';

describe('embed code', () => {
  const code = embedCode('https://supperhost.example', 'garden-table', 'The Garden "Table"');

  it('frames /{slug}/embed at width 100% and height 600', () => {
    expect(code).toContain('src="https://supperhost.example/garden-table/embed"');
    expect(code).toContain('width="100%"');
    expect(code).toContain('height="600"');
    expect(code).toContain('title="Book with The Garden Table"');
  });

  it('listens for the height message the embed page sends, from our origin only', () => {
    expect(EMBED_HEIGHT_MESSAGE).toBe('supperhost:embed-height');
    expect(EMBED_HEIGHT_MESSAGE).toBe(EMBED_PAGE_MESSAGE);
    expect(code).toContain(`e.origin !== "https://supperhost.example"`);
    expect(code).toContain(`'${EMBED_HEIGHT_MESSAGE}'`);
  });

  it('the listener resizes the frame when run', () => {
    const frame = { style: { height: '600px' } };
    const listeners: ((e: unknown) => void)[] = [];
    const script = code.split('<script>')[1].split('</script>')[0];
    new Function('window', 'document', script)(
      { addEventListener: (_: string, fn: (e: unknown) => void) => listeners.push(fn) },
      { getElementById: () => frame },
    );
    listeners[0]({ origin: 'https://evil.example', data: { type: EMBED_HEIGHT_MESSAGE, height: 10 } });
    expect(frame.style.height).toBe('600px');
    listeners[0]({ origin: 'https://supperhost.example', data: { type: EMBED_HEIGHT_MESSAGE, height: 812 } });
    expect(frame.style.height).toBe('812px');
    listeners[0]({ origin: 'https://supperhost.example', data: { type: EMBED_HEIGHT_MESSAGE, height: 'x' } });
    expect(frame.style.height).toBe('812px');
  });
});
