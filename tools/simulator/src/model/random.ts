/**
 * The simulation's seeded randomness: one seed gives the same sequence on every machine and run
 * (sfc32 seeded through a string hash), so a seed reproduces the same traffic.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One key of a weight table, in proportion to its weight (weights need not sum to 1). */
  weighted<K extends string>(weights: Partial<Record<K, number>>): K;
  /** A log-normal duration: median `median`, spread `sigma` (natural log), clamped to [min, max]. */
  logNormal(median: number, sigma: number, min: number, max: number): number;
  /** `length` characters of `alphabet`. */
  chars(length: number, alphabet: string): string;
}

export const HEX = '0123456789abcdef';
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const DIGITS = '0123456789';

/** A 32-bit hash of the seed, four times with different salts (cyrb128). */
export function seedWords(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

export function createRandom(seed: string | number): Random {
  let [a, b, c, d] = seedWords(String(seed));
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();

  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted<K extends string>(weights: Partial<Record<K, number>>): K {
      const entries = Object.entries(weights) as [K, number][];
      const total = entries.reduce((sum, [, weight]) => sum + Math.max(0, weight), 0);
      if (total <= 0) throw new Error('weights must have a positive sum');
      let roll = next() * total;
      for (const [key, weight] of entries) {
        roll -= Math.max(0, weight);
        if (roll < 0) return key;
      }
      return (entries.findLast(([, weight]) => weight > 0) ?? entries[0])?.[0] as K;
    },
    logNormal(median, sigma, min, max) {
      // Box-Muller: one standard normal from two uniforms.
      const u = 1 - next();
      const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
      return Math.min(max, Math.max(min, Math.round(median * Math.exp(sigma * normal))));
    },
    chars(length, alphabet) {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
  };
  return random;
}
