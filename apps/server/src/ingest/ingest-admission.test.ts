import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.js';
import { openSharedState, type SharedState } from '../shared-state/shared-state.js';
import { another, TEST_REDIS_URL, testSharedState } from '../shared-state/shared-test-support.js';
import type { AccountContext, AccountDirectory } from './account-directory.js';
import { type Admitted, IngestAdmission } from './ingest-admission.js';

const account = { relationshipId: 7, active: true } as AccountContext;
const limits = { perIpPerMinute: 3, perKeyPerMinute: 5 };

/** An admission as one server holds it: the writer accepting, the clock still. */
function admission(shared?: SharedState) {
  return new IngestAdmission({
    writer: { append: async () => {}, assertAccepting: () => {} },
    accounts: {} as AccountDirectory,
    rateLimits: limits,
    clock: { now: () => new Date(Date.UTC(2026, 10, 29)) },
    shared,
  });
}

/** The status of an admission: 200 when admitted. */
async function status(admitted: () => Admitted): Promise<number> {
  try {
    await admitted();
    return 200;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.statusCode;
  }
}

describe('IngestAdmission in one process', () => {
  it('admits without a promise: a server without a shared store waits for nothing', () => {
    expect(admission().admitSensor('81.33.1.1', account, 'vs_key')).toBe(account);
  });
});

if (TEST_REDIS_URL) {
  const shared = await testSharedState();

  describe('IngestAdmission on Redis', () => {
    it('limits an address once across two servers, and an account key too', async () => {
      const keys = another(shared);
      const other = await openSharedState(TEST_REDIS_URL ?? '', { prefix: keys.prefix });
      try {
        const servers = [admission(keys), admission(other)];
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          const server = servers[i % 2] as IngestAdmission;
          statuses.push(await status(() => server.admitSensor('81.33.1.1', account, 'vs_key')));
        }
        expect(statuses).toEqual([200, 200, 200, 429]);
        // The refused event did not count against the key: two more addresses use up its five.
        for (const ip of ['81.33.1.2', '81.33.1.3']) {
          expect(await status(() => (servers[0] as IngestAdmission).admitSensor(ip, account, 'vs_key'))).toBe(
            200,
          );
        }
        expect(
          await status(() => (servers[1] as IngestAdmission).admitPostback('81.33.1.4', account, 'vs_key')),
        ).toBe(429);
      } finally {
        await other.close();
      }
    });
  });
}
