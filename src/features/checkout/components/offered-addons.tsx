import { lazy, Suspense, type ComponentProps } from 'react';

// The checkboxes load as their own chunk, and only for an event that offers add-ons: most do not,
// and the booking forms stay small.
const AddonChoices = lazy(() => import('./addon-choices').then((m) => ({ default: m.AddonChoices })));

/** The event's add-ons on a booking form (nothing when it offers none). */
export function OfferedAddons(props: ComponentProps<typeof AddonChoices>) {
  if (props.addons.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AddonChoices {...props} />
    </Suspense>
  );
}
