import type { ClientErrorKind } from '@veracity/contracts/error-reports';

/**
 * The dashboard's one door for errors it cannot handle (spec 02 §8): uncaught errors, unhandled
 * rejections, errors React's boundaries caught, and failed queries. Reports wait here until the
 * installation's configuration says where they go (start-error-reporting.ts): to the error-tracking
 * service (Sentry) or to the server's POST /api/client-errors.
 *
 * This module stays small and free of dependencies: the page's first script installs its handlers,
 * so errors of the first moments are not lost.
 */
export interface ErrorContext {
  kind: ClientErrorKind;
  /** React's component stack, for errors an error boundary caught. */
  componentStack?: string;
}

export interface ReportSink {
  send(error: unknown, context: ErrorContext): void;
}

/** Reports waiting for the sink, at most this many; the oldest are kept (the first error explains the rest). */
export const PENDING_LIMIT = 20;
/** Reports one page sends at most, and the quiet time before the same error is sent again. */
export const REPORTS_PER_PAGE = 50;
export const REPEAT_AFTER_MS = 60_000;

let sink: ReportSink | null = null;
let pending: { error: unknown; context: ErrorContext }[] = [];
let sent = 0;
const lastSent = new Map<string, number>();

function fingerprint(error: unknown, context: ErrorContext): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${context.kind} ${message}`;
}

/** Reports an error, once per REPEAT_AFTER_MS for the same one, and at most REPORTS_PER_PAGE a page. */
export function reportError(error: unknown, context: ErrorContext, now: number = Date.now()): void {
  const key = fingerprint(error, context);
  const previous = lastSent.get(key);
  if (previous !== undefined && now - previous < REPEAT_AFTER_MS) return;
  if (sent >= REPORTS_PER_PAGE) return;
  lastSent.set(key, now);
  sent += 1;
  if (sink) {
    deliver(sink, error, context);
  } else if (pending.length < PENDING_LIMIT) {
    pending.push({ error, context });
  }
}

function deliver(target: ReportSink, error: unknown, context: ErrorContext): void {
  try {
    target.send(error, context);
  } catch {
    // Reporting must never become an error of its own.
  }
}

/** Where reports go from now on; the ones waiting go there first. Null: back to waiting (tests). */
export function setReportSink(next: ReportSink | null): void {
  sink = next;
  if (!next) return;
  const waiting = pending;
  pending = [];
  for (const { error, context } of waiting) deliver(next, error, context);
}

/** Forgets every report and the sink (tests). */
export function resetErrorReporting(): void {
  sink = null;
  pending = [];
  sent = 0;
  lastSent.clear();
}

/**
 * Reports what nothing else catches: window errors and unhandled promise rejections. Failed loads of
 * images and scripts are not errors of the code (they reach window listeners only in capture), and
 * answer for nothing here. Returns the function that removes the handlers.
 */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    reportError(event.error ?? event.message, { kind: 'error' });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reportError(event.reason, { kind: 'unhandledrejection' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
