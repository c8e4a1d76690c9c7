import type { BuildResult } from 'esbuild';

/** Builds src/sensor.ts into dist/sensor.js (or into memory with `write: false`). */
export function buildSensor(options?: { write?: boolean }): Promise<BuildResult<{ write: boolean }>>;
