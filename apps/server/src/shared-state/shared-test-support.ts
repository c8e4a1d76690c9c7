import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import { openSharedState, type SharedState } from './shared-state.js';

/** The Redis of the shared-state suites (`.ci/redis.sh` starts one in CI); without it they are not declared. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/**
 * Call at a file's top level: a connection to the test Redis under a prefix of this file's run, whose
 * keys are deleted and connection closed after the file. {@link another} gives a case its own keys.
 */
export async function testSharedState(): Promise<SharedState> {
  if (!TEST_REDIS_URL) throw new Error('TEST_REDIS_URL is not set');
  const shared = await openSharedState(TEST_REDIS_URL, { prefix: `veracity-test:${randomUUID()}:` });
  afterAll(async () => {
    const keys = await shared.redis.keys(`${shared.prefix}*`);
    if (keys.length > 0) await shared.redis.del(...keys);
    await shared.close();
  });
  return shared;
}

let cases = 0;

/** The same connection under a fresh prefix within the file's: a case that sees no other case's keys. */
export function another(shared: SharedState): SharedState {
  cases += 1;
  return { ...shared, prefix: `${shared.prefix}${cases}:` };
}

/**
 * A shared state whose Redis never answers (nothing listens on port 1: every command fails at once,
 * there is no offline queue), and the warnings it logs.
 */
export async function unreachableSharedState(): Promise<{ shared: SharedState; warnings: unknown[] }> {
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as never;
  const shared = await openSharedState('redis://127.0.0.1:1', {
    log,
    prefix: 'veracity-test-down:',
    readyWaitMs: 50,
  });
  return { shared, warnings };
}
