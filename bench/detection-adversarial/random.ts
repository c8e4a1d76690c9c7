/**
 * Seeded randomness: every choice of a session (its address, agent, pacing, headers) comes from its seed,
 * so a seed set replays the same sessions on any build.
 */

/** The seed sets, fixed before any tuning: weights are chosen on `tuning` and reported on `report`. */
export const SEED_SETS = { tuning: 0x5eed_7001, report: 0x5eed_9002 } as const;
export type SeedSet = keyof typeof SEED_SETS;

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** 32 hex digits, like the sensor's ids. */
  hex(length?: number): string;
}

/** mulberry32 over a 32-bit seed. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error('nothing to pick from');
      return items[int(0, items.length - 1)] as T;
    },
    chance: (probability) => next() < probability,
    hex: (length = 32) => {
      let out = '';
      while (out.length < length) out += int(0, 15).toString(16);
      return out;
    },
  };
}

/** The seed of session `index` of `scenario` in a seed set. */
export function sessionSeed(set: SeedSet, scenario: string, index: number): number {
  let hash = SEED_SETS[set] ^ Math.imul(index + 1, 0x9e3779b1);
  for (let i = 0; i < scenario.length; i++) hash = Math.imul(hash ^ scenario.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * Runs `make` with `Math.random` drawing from `random`: the generators from npm (`user-agents`,
 * `header-generator`) take no seed of their own.
 */
export function withRandom<T>(random: Random, make: () => T): T {
  const original = Math.random;
  Math.random = random.next;
  try {
    return make();
  } finally {
    Math.random = original;
  }
}
