import { createFakeService, type FakeService } from '../kit/fake-service.js';

/**
 * A traffic source's postback receiver (issue 34): where Veracity reports legitimate conversions.
 * Answers `200 OK` to `GET /pb/{source}` (any query) and records each call; a test can inject
 * failures on the route `postback`. Loopback only: the server reaches it only with its test-only
 * OUTBOUND_ALLOW_LOOPBACK, or in the first start's demo history, whose seed app resolves the demo
 * sources' postback host to it (apps/server/src/features/bootstrap/demo-firewall.ts).
 */
export async function startPostbackReceiver(): Promise<FakeService> {
  const receiver = createFakeService({ name: 'postback-receiver' });
  receiver.route('postback', 'GET', '/pb/{source}', () => ({
    status: 200,
    headers: { 'content-type': 'text/plain' },
    body: 'OK',
  }));
  await receiver.listen();
  return receiver;
}
