import type { ClientErrorReport } from '@veracity/contracts/error-reports';
import { scrubReportPath, scrubReportText } from '@veracity/contracts/error-scrubbing';
import { PRODUCT_VERSION } from '@veracity/contracts/storage-keys';
import { isApiError } from '../../lib/api-client';
import type { ErrorContext } from './report-error';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function describe(error: unknown): { name?: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: `Non-error thrown: ${JSON.stringify(error) ?? String(error)}` };
  } catch {
    return { message: 'Non-error thrown' };
  }
}

/**
 * The body of POST /api/client-errors for one error, scrubbed before it leaves the page (no tracked
 * URL, query string, host, IP address, e-mail or token: contracts' error-scrubbing) and cut to the
 * endpoint's limits. `origin` is the dashboard's own: its script URLs keep their path.
 */
export function toClientErrorReport(
  error: unknown,
  context: ErrorContext,
  page: { origin: string; pathname: string },
): ClientErrorReport {
  const scrub = (text: string, max: number) => clip(scrubReportText(text, page.origin), max);
  const { name, message, stack } = describe(error);
  return {
    kind: context.kind,
    ...(name ? { name: scrub(name, 100) } : {}),
    message: scrub(message, 1000),
    ...(stack ? { stack: scrub(stack, 8000) } : {}),
    ...(context.componentStack ? { componentStack: scrub(context.componentStack, 4000) } : {}),
    path: clip(scrubReportPath(page.pathname), 300),
    ...(isApiError(error) ? { status: error.status } : {}),
    ...(isApiError(error) && error.requestId ? { requestId: scrub(error.requestId, 64) } : {}),
    release: PRODUCT_VERSION,
  };
}
