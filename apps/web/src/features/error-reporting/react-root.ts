import type { ErrorInfo } from 'react';
import type { RootOptions } from 'react-dom/client';
import { reportError } from './report-error';

function reportReactError(error: unknown, info: ErrorInfo): void {
  // React logs these itself only without handlers of our own: keep the console line for developers.
  console.error(error);
  reportError(error, {
    kind: 'react',
    ...(info.componentStack ? { componentStack: info.componentStack } : {}),
  });
}

/**
 * The root's error handlers: errors an error boundary caught (the route error screen shows them) and
 * errors none caught are both reported, with React's component stack.
 */
export const reactRootErrorOptions: RootOptions = {
  onCaughtError: reportReactError,
  onUncaughtError: reportReactError,
};
