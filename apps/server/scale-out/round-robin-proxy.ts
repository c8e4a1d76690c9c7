import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The header the proxy adds to each answer: which upstream (its index) served the request. */
export const UPSTREAM_HEADER = 'x-test-upstream';

export interface RoundRobinProxy {
  url: string;
  /** Upstream index of every request so far, in arrival order. */
  readonly served: number[];
  close(): Promise<void>;
}

/**
 * A load balancer on loopback, as small as it gets: each request goes to the next upstream in turn
 * (round robin), with the caller's address appended to X-Forwarded-For as a real balancer does (the
 * servers run with TRUST_PROXY), and the answer streamed back with the upstream's index in a header.
 */
export async function startRoundRobinProxy(upstreams: readonly string[], port = 0): Promise<RoundRobinProxy> {
  const served: number[] = [];
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    served.push(index);
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const previous = incoming.headers['x-forwarded-for'];
    const peer = incoming.socket.remoteAddress ?? '127.0.0.1';
    const upstream = forward(
      target,
      {
        method: incoming.method,
        headers: {
          ...incoming.headers,
          host: target.host,
          'x-forwarded-for': previous ? `${previous}, ${peer}` : peer,
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: String(index) });
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { [UPSTREAM_HEADER]: String(index) });
      outgoing.end(`upstream ${index} failed: ${error.message}`);
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
