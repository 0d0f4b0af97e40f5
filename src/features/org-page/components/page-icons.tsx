import type { ReactNode } from 'react';

/**
 * The seven lucide icons the org page shows, drawn as lucide-react draws them (the same SVG,
 * attributes and classes: tests/unit/org-page-icons.test.ts renders both and compares), without
 * lucide-react's icon runtime, which is then not part of the page's first render
 * (docs/BENCHMARKS.md, `page`). The org page passes only a class and always hides them from
 * assistive technology, as decorations next to their words.
 */
function Svg({ name, className, children }: { name: string; className: string; children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-${name} ${className}`}
      aria-hidden
    >
      {children}
    </svg>
  );
}

interface IconProps {
  className: string;
}

/** An icon component drawing `paths` (lucide's shapes for `name`). */
function icon(name: string, paths: ReactNode) {
  return function Icon({ className }: IconProps) {
    return (
      <Svg name={name} className={className}>
        {paths}
      </Svg>
    );
  };
}

export const CalendarDaysIcon = icon(
  'calendar-days',
  <>
    <path d="M8 2v3" />
    <path d="M16 2v3" />
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M3 9h18" />
    <path d="M8 13h.01" />
    <path d="M12 13h.01" />
    <path d="M16 13h.01" />
    <path d="M8 17h.01" />
    <path d="M12 17h.01" />
    <path d="M16 17h.01" />
  </>,
);

export const ClockIcon = icon(
  'clock',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>,
);

export const MapPinIcon = icon(
  'map-pin',
  <>
    <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
    <circle cx="12" cy="10" r="3" />
  </>,
);

export const ShieldCheckIcon = icon(
  'shield-check',
  <>
    <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z" />
    <path d="m9 12 2 2 4-4" />
  </>,
);

export const CameraIcon = icon(
  'camera',
  <>
    <path d="M13.997 4a2 2 0 0 1 1.76 1.05l.486.9A2 2 0 0 0 18.003 7H20a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h1.997a2 2 0 0 0 1.759-1.048l.489-.904A2 2 0 0 1 10.004 4z" />
    <circle cx="12" cy="13" r="3" />
  </>,
);

export const GlobeIcon = icon(
  'globe',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20" />
    <path d="M2 12h20" />
  </>,
);

export const ExternalLinkIcon = icon(
  'external-link',
  <>
    <path d="M15 3h6v6" />
    <path d="M10 14 21 3" />
    <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
  </>,
);
