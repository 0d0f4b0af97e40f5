/** Placeholder while the booking forms' code loads (they are split from the page's first render). */
export function BookingPanelFallback() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center justify-center gap-3 rounded-lg border bg-card p-10 text-sm text-muted-foreground"
    >
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-muted-foreground/30 border-t-foreground" aria-hidden />
      Loading booking form...
    </div>
  );
}
