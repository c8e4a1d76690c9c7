import type { FakeService } from '@veracity/fakes/kit/fake-service';
import { startPostbackReceiver } from '@veracity/fakes/postbacks/start-postback-receiver';
import type { Config } from '../../config.js';
import { type Resolver, systemResolver } from '../../outbound/destination.js';
import { DEMO_POSTBACK_HOST } from './demo-firewall.js';

/**
 * The receiver of the demo traffic sources' postbacks during the first start's demo history, outside
 * production only: a local fake (@veracity/fakes) answering 200, and the seed app's outbound settings
 * that reach it. The sources' postback URLs name DEMO_POSTBACK_HOST with the receiver's port; the seed
 * app resolves that one name to the receiver on loopback (its other names resolve as usual). The
 * delivery job, the outbound guard and the delivery log are the real ones; only the address is the
 * demo's. The run posts no conversion in its last hours, so every postback is delivered before it
 * ends and the server's own app (which resolves names normally and refuses loopback) has none left.
 */
export async function startDemoPostbackReceiver(
  config: Config,
): Promise<{ receiver: FakeService; origin: string; outbound: Config['outbound'] } | undefined> {
  if (config.env === 'production') return undefined;
  const receiver = await startPostbackReceiver();
  const { port } = new URL(receiver.url);
  const resolve: Resolver = async (hostname) =>
    hostname === DEMO_POSTBACK_HOST ? [{ address: '127.0.0.1', family: 4 }] : systemResolver(hostname);
  return {
    receiver,
    origin: `http://${DEMO_POSTBACK_HOST}:${port}`,
    outbound: { ...config.outbound, allowLoopback: true, resolve },
  };
}
