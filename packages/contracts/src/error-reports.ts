import { z } from 'zod';

/**
 * POST /api/client-errors: the dashboard's report of an error, when no error-tracking service is
 * configured. Anyone may send one (the login page has no session), so the body is small, its fields
 * bounded, and the server scrubs it again before logging (scrubReportText).
 */
export const CLIENT_ERRORS_PATH = '/client-errors';

/** Largest body the endpoint reads; bigger ones are answered 413 before they are parsed. */
export const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;

export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'react', 'query', 'mutation'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const zClientErrorReport = z.strictObject({
  /** What caught it: a window error, an unhandled rejection, a React error boundary, a failed query. */
  kind: z.enum(CLIENT_ERROR_KINDS),
  /** The error's class name (TypeError, ApiError, ...). */
  name: z.string().max(100).optional(),
  message: z.string().max(1000),
  stack: z.string().max(8000).optional(),
  /** React's component stack, for errors caught by an error boundary. */
  componentStack: z.string().max(4000).optional(),
  /** The dashboard's path when it happened, without query string or fragment. */
  path: z.string().max(300),
  /** For a failed API call: its status (null when no answer came) and the server's request id. */
  status: z.number().int().min(100).max(599).nullable().optional(),
  requestId: z.string().max(64).optional(),
  release: z.string().max(40).optional(),
});
export type ClientErrorReport = z.infer<typeof zClientErrorReport>;
