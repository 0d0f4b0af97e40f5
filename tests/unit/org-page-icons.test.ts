import { createElement as h, type ComponentType, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Camera, CalendarDays, Clock, ExternalLink, Globe, MapPin, ShieldCheck, type LucideProps } from 'lucide-react';
import {
  CalendarDaysIcon,
  CameraIcon,
  ClockIcon,
  ExternalLinkIcon,
  GlobeIcon,
  MapPinIcon,
  ShieldCheckIcon,
} from '../../src/features/org-page/components/page-icons';

// The org page's icons without lucide-react's runtime draw what lucide-react draws, with the
// classes the page passes (src/features/org-page/components/page-icons.tsx).

const html = (element: ReactElement) => renderToStaticMarkup(element);

const pairs: [string, ComponentType<{ className: string }>, ComponentType<LucideProps>][] = [
  ['calendar-days', CalendarDaysIcon, CalendarDays],
  ['clock', ClockIcon, Clock],
  ['map-pin', MapPinIcon, MapPin],
  ['shield-check', ShieldCheckIcon, ShieldCheck],
  ['camera', CameraIcon, Camera],
  ['globe', GlobeIcon, Globe],
  ['external-link', ExternalLinkIcon, ExternalLink],
];

describe('org page icons (lucide-react without its runtime)', () => {
  it('render the same SVG as lucide-react with the classes the page passes, hidden from assistive technology', () => {
    for (const className of ['h-4 w-4', 'mt-0.5 h-4 w-4 shrink-0 text-muted-foreground']) {
      for (const [name, Page, Lucide] of pairs) {
        expect(html(h(Page, { className })), name).toBe(html(h(Lucide, { className, 'aria-hidden': true })));
      }
    }
  });
});
