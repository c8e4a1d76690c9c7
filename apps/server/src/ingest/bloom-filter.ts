/** Bits a key in the first layer: about 0.8% false positives at capacity, with 7 hashes. */
const FIRST_LAYER_BITS_PER_KEY = 10;
/**
 * Each new layer spends this many more bits a key, which about halves its false positives: the
 * layers' sum stays under 1.7%.
 */
const BITS_PER_KEY_STEP = 1.5;

interface Layer {
  readonly words: Uint32Array;
  /** Bit count minus one: the count is a power of two. */
  readonly mask: number;
  readonly hashes: number;
  readonly capacity: number;
  count: number;
}

/** Two independent 32-bit hashes of a string, in one pass (FNV-1a and a Murmur-style mix, finalized). */
let first = 0;
let second = 0;
function hashPair(key: string): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ key.length;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 13;
  }
  first = finalize(a);
  // Odd, so that the probe sequence first + i * second visits distinct bits of a power-of-two table.
  second = finalize(b) | 1;
}

/** Murmur3's 32-bit finalizer: every input bit reaches every output bit. */
function finalize(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Layer `index` has twice the bits of the one before (a power of two), and takes as many keys as fit. */
function newLayer(firstCapacity: number, index: number): Layer {
  let bits = 32;
  while (bits < firstCapacity * FIRST_LAYER_BITS_PER_KEY) bits *= 2;
  bits *= 2 ** index;
  const bitsPerKey = FIRST_LAYER_BITS_PER_KEY + BITS_PER_KEY_STEP * index;
  return {
    words: new Uint32Array(bits / 32),
    mask: bits - 1,
    hashes: Math.round(bitsPerKey * Math.LN2),
    capacity: Math.floor(bits / bitsPerKey),
    count: 0,
  };
}

function layerHolds(layer: Layer): boolean {
  for (let i = 0; i < layer.hashes; i++) {
    const bit = (first + Math.imul(i, second)) & layer.mask;
    if (((layer.words[bit >>> 5] ?? 0) & (1 << (bit & 31))) === 0) return false;
  }
  return true;
}

/**
 * A set of strings that answers "maybe held" or "surely not": never a false "not", and a false
 * "maybe" for about 1% of absent keys. It grows without being rebuilt: when a layer has taken its
 * capacity, a new one with twice the bits, and more of them a key, takes the next keys, and a key is
 * held when any layer holds it. Memory is about 1.5 to 3 bytes a key.
 */
export class GrowingBloomFilter {
  readonly #layers: Layer[] = [];
  #size = 0;

  constructor(readonly firstCapacity = 1 << 18) {
    if (!Number.isInteger(firstCapacity) || firstCapacity < 1)
      throw new RangeError('firstCapacity must be a positive integer');
  }

  /** Keys added, counting a key added twice twice. */
  get size(): number {
    return this.#size;
  }

  get bytes(): number {
    return this.#layers.reduce((total, layer) => total + layer.words.byteLength, 0);
  }

  add(key: string): void {
    let layer = this.#layers.at(-1);
    if (!layer || layer.count >= layer.capacity) {
      layer = newLayer(this.firstCapacity, this.#layers.length);
      this.#layers.push(layer);
    }
    hashPair(key);
    for (let i = 0; i < layer.hashes; i++) {
      const bit = (first + Math.imul(i, second)) & layer.mask;
      const word = bit >>> 5;
      layer.words[word] = (layer.words[word] ?? 0) | (1 << (bit & 31));
    }
    layer.count += 1;
    this.#size += 1;
  }

  mightHold(key: string): boolean {
    if (this.#layers.length === 0) return false;
    hashPair(key);
    for (const layer of this.#layers) if (layerHolds(layer)) return true;
    return false;
  }
}
