interface Props {
  /** The line above the venue's name, and the name; undefined while the venue loads. */
  title: { kicker: string; name: string } | undefined;
  /** The widths of the two placeholder lines shown while it loads. */
  placeholderWidths: [string, string];
}

/** A venue page's title in its header. While the venue loads, the lines keep their place, so the page does not jump when they arrive. */
export function VenueTitle({ title, placeholderWidths: [kickerWidth, nameWidth] }: Props) {
  if (!title) {
    return (
      <div aria-hidden className="space-y-3">
        <span className={`block h-5 ${kickerWidth} animate-pulse rounded bg-primary-foreground/20`} />
        <span className={`block h-10 ${nameWidth} max-w-full animate-pulse rounded bg-primary-foreground/20 sm:h-12`} />
      </div>
    );
  }
  return (
    <>
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary-foreground/80">{title.kicker}</p>
      <h1 className="font-serif text-4xl font-semibold sm:text-5xl">{title.name}</h1>
    </>
  );
}
