import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Badge } from '../../src/components/ui/badge';
import { Button } from '../../src/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../src/components/ui/card';
import {
  buttonClass,
  PageBadge,
  PageButton,
  PageCard,
  PageCardContent,
  PageCardFooter,
  PageCardHeader,
  PageCardTitle,
} from '../../src/features/org-page/components/page-ui';

// The org page's tailwind-merge-free copies of the UI kit render what the kit renders, with
// every class the org page passes (src/features/org-page/components/page-ui.tsx).

/** The markup with each class attribute's classes sorted (order does not matter in CSS). */
const html = (element: ReactElement) =>
  renderToStaticMarkup(element).replace(/class="([^"]*)"/g, (_, c: string) => `class="${c.split(/\s+/).filter(Boolean).sort().join(' ')}"`);

describe('org page UI (the kit without tailwind-merge)', () => {
  it('buttons, as buttons and as links, in every look the page uses', () => {
    const looks = [
      {},
      { className: 'w-full' },
      { variant: 'outline', className: 'w-full' },
      { variant: 'outline', className: 'mt-6' },
      { variant: 'secondary', size: 'lg' },
    ] as const;
    for (const look of looks) {
      expect(html(h(PageButton, { ...look, disabled: true }, 'Book'))).toBe(html(h(Button, { ...look, disabled: true }, 'Book')));
      expect(html(h('a', { href: '/x', className: buttonClass(look) }, 'Go'))).toBe(
        html(h(Button, { ...look, asChild: true }, h('a', { href: '/x' }, 'Go'))),
      );
    }
  });

  it('badges and cards', () => {
    for (const variant of ['success', 'warning', 'destructive'] as const) {
      expect(html(h(PageBadge, { variant, className: 'shrink-0' }, '3 left'))).toBe(html(h(Badge, { variant, className: 'shrink-0' }, '3 left')));
    }
    for (const className of ['flex flex-col', 'flex flex-col ring-2 ring-primary']) {
      expect(html(h(PageCard, { className, role: 'article' }))).toBe(html(h(Card, { className, role: 'article' })));
    }
    expect(html(h(PageCardHeader, null, h(PageCardTitle, { id: 't' }, 'Title')))).toBe(html(h(CardHeader, null, h(CardTitle, { id: 't' }, 'Title'))));
    expect(html(h(PageCardContent, { className: 'flex-1 space-y-2 text-sm' }))).toBe(html(h(CardContent, { className: 'flex-1 space-y-2 text-sm' })));
    for (const className of [undefined, 'flex-col']) {
      expect(html(h(PageCardFooter, { className }))).toBe(html(h(CardFooter, { className })));
    }
  });
});
