import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashFallback } from './crash-fallback';

interface Props {
  children: ReactNode;
  fallback?: ReactNode;
}

/** Catches any uncaught rendering error below it and shows the crash fallback. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Uncaught rendering error:', error, info.componentStack);
  }

  render() {
    if (this.state.error) return this.props.fallback ?? <CrashFallback />;
    return this.props.children;
  }
}
