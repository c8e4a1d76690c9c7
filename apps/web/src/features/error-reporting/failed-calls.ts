import { HTTP_STATUS } from '@veracity/contracts/errors';
import { isApiError } from '../../lib/api-client';

/**
 * Answers a screen expects and handles itself: the session ended (401), no access (403), gone (404),
 * the demo account (418), slow down (429), e-mail not verified (450), and, for a change someone
 * made, its validation (400) and conflicts (409).
 */
const EXPECTED_QUERY_STATUSES: ReadonlySet<number> = new Set([
  HTTP_STATUS.UNAUTHORIZED,
  HTTP_STATUS.FORBIDDEN,
  HTTP_STATUS.NOT_FOUND,
  HTTP_STATUS.DEMO_ACCOUNT,
  HTTP_STATUS.TOO_MANY_REQUESTS,
  HTTP_STATUS.EMAIL_VERIFICATION_PENDING,
]);
const EXPECTED_MUTATION_STATUSES: ReadonlySet<number> = new Set([
  ...EXPECTED_QUERY_STATUSES,
  HTTP_STATUS.BAD_REQUEST,
  HTTP_STATUS.CONFLICT,
]);

/**
 * Whether a failed query or change is worth an error report (spec 02 §8, "Analytics query failure:
 * reported to error tracking"): server errors (5xx), timeouts, an answer that does not match its
 * schema, a query the server refused as malformed (400: the dashboard built it); not the answers
 * above, and not a lost connection (the report would be lost with it).
 */
export function isReportableFailure(error: unknown, call: 'query' | 'mutation'): boolean {
  if (!isApiError(error)) return true;
  if (error.status === null) return error.failure === 'timeout';
  const expected = call === 'query' ? EXPECTED_QUERY_STATUSES : EXPECTED_MUTATION_STATUSES;
  return !expected.has(error.status);
}
