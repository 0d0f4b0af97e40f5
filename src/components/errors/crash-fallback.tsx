/** The global crash fallback: shown for any uncaught rendering error (the app's error boundary renders it). */
export function CrashFallback() {
  return (
    <main role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-serif text-3xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">An unexpected error occurred. Please try again.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-md bg-primary px-5 py-2.5 text-sm font-medium text-primary-foreground hover:opacity-90"
      >
        Reload
      </button>
    </main>
  );
}
