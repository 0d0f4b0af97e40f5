import { useState, type CSSProperties, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { HelmetProvider } from 'react-helmet-async';
import { Toaster } from 'sonner';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { makeQueryClient } from '@/lib/react-query';

// sonner's rich colours miss WCAG AA contrast (about 4.35:1); these darker texts pass it.
const toastColors = {
  '--error-text': 'hsl(0, 100%, 36%)',
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
} as CSSProperties;

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <ErrorBoundary>
      <HelmetProvider>
        <QueryClientProvider client={queryClient}>
          {children}
          <Toaster position="top-center" richColors closeButton style={toastColors} />
        </QueryClientProvider>
      </HelmetProvider>
    </ErrorBoundary>
  );
}
