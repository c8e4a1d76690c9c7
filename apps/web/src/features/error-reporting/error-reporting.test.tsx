import type { ClientErrorReport } from '@veracity/contracts/error-reports';
import { act, Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createQueryClient } from '../../providers';
import { NO_OUTSIDE_SERVICES } from '../client-config/client-config.api';
import { createEndpointSink } from './endpoint-sink';
import { reactRootErrorOptions } from './react-root';
import {
  installGlobalErrorHandlers,
  REPORTS_PER_PAGE,
  reportError,
  resetErrorReporting,
  setReportSink,
} from './report-error';
import { startErrorReporting } from './start-error-reporting';

const TOKEN = 'Jq3vY8kLmN2pQr5sTu7wXy9zAb1cDe4fGh6iJk0lMnO';
const TRACKED = ['shop.example.com', 'spring-sale', 'utm_source', 'news.example.org', '203.0.113.7', TOKEN];

/** The endpoint sink, posting into a list instead of the network. */
function collectingSink() {
  const posted: ClientErrorReport[] = [];
  const page = { origin: 'http://localhost:3000', pathname: '/intelligence/analytics' };
  const sink = createEndpointSink(page, async (body) => {
    posted.push(JSON.parse(body) as ClientErrorReport);
  });
  return { sink, posted };
}

function Broken(): ReactNode {
  throw new Error('table rows missing for shop.example.com');
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

let removeHandlers: () => void = () => undefined;
beforeEach(() => {
  resetErrorReporting();
  removeHandlers = installGlobalErrorHandlers(window);
});
afterEach(() => {
  removeHandlers();
  resetErrorReporting();
});

describe('uncaught errors', () => {
  it('are reported once the configuration is read, the early ones included, without tracked strings', async () => {
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: new TypeError(`Cannot load https://shop.example.com/?utm_source=spring-sale for 203.0.113.7`),
      }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error(`login-as /auth/login-as?t=${TOKEN}&r=1 referred by news.example.org`);
    window.dispatchEvent(rejection);

    const { sink, posted } = collectingSink();
    expect(posted).toHaveLength(0);
    await startErrorReporting(
      async () => NO_OUTSIDE_SERVICES,
      async () => ({ createSentrySink: () => sink }),
      () => sink,
    );

    expect(posted.map((report) => report.kind)).toEqual(['error', 'unhandledrejection']);
    expect(posted[0]).toMatchObject({
      name: 'TypeError',
      message: 'Cannot load [url] for [ip]',
      path: '/intelligence/analytics',
      release: expect.any(String),
    });
    expect(posted[1]?.message).toBe('login-as /auth/login-as?[redacted] referred by [host]');
    const everything = JSON.stringify(posted);
    for (const tracked of TRACKED) expect(everything).not.toContain(tracked);
  });

  it('sends the same error once a minute and at most a bounded number a page', () => {
    const { sink, posted } = collectingSink();
    setReportSink(sink);
    reportError(new Error('same'), { kind: 'error' }, 1000);
    reportError(new Error('same'), { kind: 'error' }, 2000);
    expect(posted).toHaveLength(1);
    reportError(new Error('same'), { kind: 'error' }, 62_000);
    expect(posted).toHaveLength(2);
    for (let n = 0; n < REPORTS_PER_PAGE + 10; n++)
      reportError(new Error(`loop ${n}`), { kind: 'error' }, 70_000);
    expect(posted).toHaveLength(REPORTS_PER_PAGE);
  });

  it('reports what a React error boundary caught, with the component stack', async () => {
    const { sink, posted } = collectingSink();
    setReportSink(sink);
    const container = document.createElement('div');
    document.body.append(container);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = createRoot(container, reactRootErrorOptions);
    await act(async () => {
      root.render(
        <Boundary>
          <Broken />
        </Boundary>,
      );
    });
    consoleError.mockRestore();
    root.unmount();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ kind: 'react', message: 'table rows missing for [host]' });
    expect(posted[0]?.componentStack).toContain('Broken');
  });
});

describe('failed queries', () => {
  it('reports server errors, timeouts and unreadable answers; not the expected 4xx nor a lost connection', async () => {
    const { sink, posted } = collectingSink();
    setReportSink(sink);
    const client = createQueryClient();
    const failWith = (key: string, error: unknown) =>
      client.fetchQuery({ queryKey: [key], queryFn: () => Promise.reject(error) }).catch(() => undefined);
    const http = (status: number, url: string) =>
      new ApiError({
        failure: 'http',
        status,
        method: 'POST',
        url,
        requestId: '0d9f4c1e-3b7a-4c55-9f0e-2a6c1b8d7e90',
      });

    await failWith('/analytics/tree', http(500, '/api/analytics/tree?search=shop.example.com'));
    await failWith('/analytics/chart', http(504, '/api/analytics/chart'));
    await failWith(
      '/home',
      new ApiError({ failure: 'timeout', status: null, method: 'GET', url: '/api/home' }),
    );
    await failWith('/me', new TypeError('expected string, received number'));
    for (const status of [401, 403, 404, 418, 429, 450])
      await failWith(`/s${status}`, http(status, `/api/s${status}`));
    await failWith(
      '/offline',
      new ApiError({ failure: 'network', status: null, method: 'GET', url: '/api/x' }),
    );

    expect(posted.map((report) => [report.kind, report.status ?? null])).toEqual([
      ['query', 500],
      ['query', 504],
      ['query', null],
      ['query', null],
    ]);
    expect(posted[0]).toMatchObject({
      name: 'ApiError',
      message: 'POST /api/analytics/tree?[redacted] answered 500',
      requestId: '0d9f4c1e-3b7a-4c55-9f0e-2a6c1b8d7e90',
    });
  });

  it('reports a change the server failed, not one it refused for a reason the screen shows', async () => {
    const { sink, posted } = collectingSink();
    setReportSink(sink);
    const client = createQueryClient();
    const mutate = (error: unknown) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(error) })
        .execute(undefined)
        .catch(() => undefined);
    await mutate(new ApiError({ failure: 'http', status: 400, method: 'POST', url: '/api/alerts' }));
    await mutate(new ApiError({ failure: 'http', status: 409, method: 'POST', url: '/api/alerts' }));
    await mutate(new ApiError({ failure: 'http', status: 500, method: 'POST', url: '/api/alerts' }));
    expect(posted.map((report) => [report.kind, report.status])).toEqual([['mutation', 500]]);
  });
});
