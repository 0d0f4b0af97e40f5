import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, preloadRoute } from './app/router';
import './index.css';

// The page's own code first (index.html shows the loading spinner meanwhile): see preloadRoute.
// The first render is a transition: React renders it in slices, not in one long task that would
// keep the page from answering input (index.html's spinner stays until it is committed).
void preloadRoute(window.location.pathname).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
});
