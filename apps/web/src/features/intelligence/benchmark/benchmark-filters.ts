import { type BenchmarkFilters, zBenchmarkFilters } from '@veracity/contracts/benchmark';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { useCallback, useState } from 'react';

/**
 * The benchmark's filters (country, trafficType, googleCampaignType), kept in the session's storage
 * (spec 02 §3: the benchmark store is persisted in session storage): a reload or a return to the page
 * in the same tab finds them as they were; a new tab starts with every value.
 */

export function loadBenchmarkFilters(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage,
): BenchmarkFilters {
  try {
    const stored = storage?.getItem(STORAGE_KEYS.benchmarkFilters);
    if (!stored) return {};
    const parsed = zBenchmarkFilters.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function saveBenchmarkFilters(
  filters: BenchmarkFilters,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.sessionStorage,
): void {
  try {
    storage?.setItem(STORAGE_KEYS.benchmarkFilters, JSON.stringify(filters));
  } catch {
    // Storage can be unavailable (private mode, quota): the filters then last as long as the page.
  }
}

/** The page's filters, restored from the session and saved there on every change. */
export function useBenchmarkFilters(): [BenchmarkFilters, (next: BenchmarkFilters) => void] {
  const [filters, setFilters] = useState<BenchmarkFilters>(() => loadBenchmarkFilters());
  const change = useCallback((next: BenchmarkFilters) => {
    saveBenchmarkFilters(next);
    setFilters(next);
  }, []);
  return [filters, change];
}
