// Text as sent, at volume: the property of issue 31 (apps/server/src/test-support/ingest-text-property.ts)
// over 10,000 random cases (INGEST_TEXT_CASES), each a sensor page view, a sensor conversion, an S2S hit
// and an S2S conversion whose every text field holds random strings from the whole Unicode range (lone
// surrogates, U+FEFF, NUL and non-characters among them), against the real server on embedded stores in
// a temporary DATA_DIR; then every acknowledged event is read back. Prints sent, acknowledged, refused,
// stored and mismatches; exits 1 on any mismatch. INGEST_TEXT_SEED replays a run.
import { createIngestTenant } from '../apps/server/src/test-support/ingest-fixtures.js';
import { runIngestTextProperty } from '../apps/server/src/test-support/ingest-text-property.js';
import { startTestApp } from '../apps/server/src/test-support/test-app.js';
import { writeResults } from './report.js';

const CASES = Number(process.env.INGEST_TEXT_CASES ?? 10_000);
const SEED = process.env.INGEST_TEXT_SEED === undefined ? undefined : Number(process.env.INGEST_TEXT_SEED);

const t = await startTestApp({ INGEST_RATE_PER_IP: '100000000', INGEST_RATE_PER_KEY: '100000000' });
try {
  const tenant = await createIngestTenant(t);
  const started = performance.now();
  const result = await runIngestTextProperty(t, tenant, { seed: SEED, numRuns: CASES });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const { mismatches, ...counts } = result;
  console.table([{ cases: CASES, ...counts, mismatches: mismatches.length, seconds }]);
  for (const mismatch of mismatches.slice(0, 20)) console.log(mismatch);
  writeResults('ingest-text', { cases: CASES, ...counts, mismatches: mismatches.length, seconds });
  if (mismatches.length > 0 || counts.stored !== counts.acknowledged) process.exitCode = 1;
} finally {
  await t.close();
}
