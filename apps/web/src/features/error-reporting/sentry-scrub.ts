import type { Breadcrumb, ErrorEvent } from '@sentry/browser';
import { scrubReportPath, scrubReportText } from '@veracity/contracts/error-scrubbing';

type Frame = { filename?: string; abs_path?: string; module?: string };

function scrubValue(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return scrubReportText(value, origin);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, origin));
  if (value && typeof value === 'object') {
    // Keys too: an object thrown or rejected may be keyed by what the screens show.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [scrubReportText(key, origin), scrubValue(item, origin)]),
    );
  }
  return value;
}

function scrubPage(url: string, origin: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? `${origin}${scrubReportPath(parsed.pathname)}` : '[url]';
  } catch {
    return scrubReportPath(url);
  }
}

/**
 * Sentry's beforeSend: the event as it may leave the page. The page's address loses its query string
 * (filters hold tracked hosts and UTM values) and tokens in its path; the Referer (where the user
 * came from) and cookies go; messages, exception values, stack frame addresses, tags and extra data
 * are scrubbed like every report (contracts' error-scrubbing); breadcrumbs are not kept at all (they
 * would carry clicked texts and fetched URLs); the user is only an id.
 */
export function scrubSentryEvent(event: ErrorEvent, origin: string): ErrorEvent {
  const scrubbed: ErrorEvent = { ...event };
  if (event.request) {
    const { url, headers } = event.request;
    scrubbed.request = {
      ...(url ? { url: scrubPage(url, origin) } : {}),
      ...(headers?.['User-Agent'] ? { headers: { 'User-Agent': headers['User-Agent'] } } : {}),
    };
  }
  if (event.message) scrubbed.message = scrubReportText(event.message, origin);
  if (event.transaction) scrubbed.transaction = scrubReportPath(event.transaction);
  if (event.exception?.values) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((value) => ({
        ...value,
        ...(value.value ? { value: scrubReportText(value.value, origin) } : {}),
        ...(value.stacktrace?.frames
          ? {
              stacktrace: {
                ...value.stacktrace,
                frames: value.stacktrace.frames.map((frame: Frame) => ({
                  ...frame,
                  ...(frame.filename ? { filename: scrubReportText(frame.filename, origin) } : {}),
                  ...(frame.abs_path ? { abs_path: scrubReportText(frame.abs_path, origin) } : {}),
                })),
              },
            }
          : {}),
      })),
    };
  }
  if (event.tags) scrubbed.tags = scrubValue(event.tags, origin) as ErrorEvent['tags'];
  if (event.extra) scrubbed.extra = scrubValue(event.extra, origin) as ErrorEvent['extra'];
  if (event.contexts?.react) {
    const react = scrubValue(event.contexts.react, origin) as Record<string, unknown>;
    scrubbed.contexts = { ...event.contexts, react };
  }
  delete scrubbed.breadcrumbs;
  if (event.user) scrubbed.user = event.user.id === undefined ? {} : { id: event.user.id };
  return scrubbed;
}

/** No breadcrumbs: clicks carry the texts of the screens (hosts, UTM values), fetches their URLs. */
export function dropBreadcrumb(_breadcrumb: Breadcrumb): null {
  return null;
}
