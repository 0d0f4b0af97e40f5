import { Button } from '@/components/ui/button';

/** The card form's placeholder while it loads, or its failure with a Retry that reloads the page. */
export function PaymentLoader({ error }: { error?: string | null }) {
  if (error) {
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-destructive/40 bg-red-50 p-4 text-sm text-destructive">
        <p className="font-semibold">Payment Error</p>
        <p>{error}</p>
        <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 rounded-lg border p-4 text-sm text-muted-foreground">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-muted-foreground/30 border-t-foreground" aria-hidden />
      Loading secure payment form...
    </div>
  );
}
