import type { Result } from 'ioredis';
import {
  type Attempt,
  DEFAULT_MAX_KEYS,
  InProcessRateLimiter,
  type RateLimiter,
  type RateRule,
  tooManyRequests,
} from '../http/rate-limit.js';
import type { SharedState } from './shared-state.js';

/**
 * Attempts counted in turn, in one script (one round trip, atomic): each key is a hash of its count and
 * the end of its window, by the limiter's clock (the app's one clock, as in process). A key whose
 * window has ended, or that has none, opens one at this attempt; its expiry is the window, so an idle
 * key leaves on its own. The first attempt past its limit stops the script: the ones after it are not
 * counted, as in process.
 *
 * KEYS: a window an attempt. ARGV: now, then each attempt's windowMs and limit.
 * Answers the attempt refused (1-based; 0 when none), its count and the ms left in its window.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local count = 0
local ends = now
for i = 1, #KEYS do
  local windowMs = tonumber(ARGV[2 * i])
  local limit = tonumber(ARGV[2 * i + 1])
  ends = tonumber(redis.call('HGET', KEYS[i], 'end'))
  if ends == nil or ends <= now then
    ends = now + windowMs
    count = 1
    redis.call('HSET', KEYS[i], 'count', 1, 'end', ends)
    redis.call('PEXPIRE', KEYS[i], windowMs)
  else
    count = redis.call('HINCRBY', KEYS[i], 'count', 1)
  end
  if count > limit then return {i, count, ends - now} end
end
return {0, count, ends - now}
`;

/** Takes one attempt back from a live window. KEYS: the window. ARGV: now. */
const GIVE_BACK_SCRIPT = `
local window = redis.call('HMGET', KEYS[1], 'count', 'end')
local count = tonumber(window[1])
local ends = tonumber(window[2])
if ends == nil or ends <= tonumber(ARGV[1]) or count == nil or count <= 0 then return 0 end
return redis.call('HINCRBY', KEYS[1], 'count', -1)
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    veracityRateHit(...args: (string | number)[]): Result<[number, number, number], Context>;
    veracityRateGiveBack(key: string, now: number): Result<number, Context>;
  }
}

/** The limit `record` counts under: none a count can reach. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * The rate limits of every server on one Redis: an address's attempts spread across servers behind a
 * load balancer count in one window. It answers what {@link InProcessRateLimiter} answers for the same
 * attempts (`rate-limit.conformance.ts` runs the same cases on both). A call Redis does not answer is
 * counted in this process alone (the fallback), and the failure is logged.
 */
export class SharedRateLimiter<Rule extends string> implements RateLimiter<Rule> {
  readonly #shared: SharedState;
  readonly #fallback: InProcessRateLimiter<Rule>;
  readonly #clock: () => number;
  readonly #keyPrefix: string;

  constructor(
    shared: SharedState,
    /** Names this limiter's keys apart from another's (the same rule name may mean another window). */
    name: string,
    readonly rules: Record<Rule, RateRule>,
    options: { clock?: () => number; maxKeys?: number } = {},
  ) {
    this.#shared = shared;
    this.#clock = options.clock ?? Date.now;
    this.#fallback = new InProcessRateLimiter(rules, this.#clock, options.maxKeys ?? DEFAULT_MAX_KEYS);
    this.#keyPrefix = `${shared.prefix}rate:${name}:`;
    // Sent by their digests (EVALSHA), loaded again when the server lost them.
    shared.redis.defineCommand('veracityRateHit', { lua: HIT_SCRIPT });
    shared.redis.defineCommand('veracityRateGiveBack', { numberOfKeys: 1, lua: GIVE_BACK_SCRIPT });
  }

  #key(rule: Rule, key: string): string {
    return `${this.#keyPrefix}${rule}:${key.toLowerCase()}`;
  }

  /** Counts the attempts in one script; answers the one refused (1-based, 0 when none) and its window. */
  #count(attempts: readonly Attempt<Rule>[], now: number, limited: boolean) {
    const keys = attempts.map(([rule, key]) => this.#key(rule, key));
    const args = attempts.flatMap(([rule]) => [
      this.rules[rule].windowMs,
      limited ? this.rules[rule].limit : NO_LIMIT,
    ]);
    return this.#shared.redis.veracityRateHit(keys.length, ...keys, now, ...args);
  }

  async record(rule: Rule, key: string): Promise<number> {
    try {
      const [, count] = await this.#count([[rule, key]], this.#clock(), false);
      return Number(count);
    } catch (error) {
      this.#shared.failed('rate limits', error);
      return this.#fallback.record(rule, key);
    }
  }

  async count(rule: Rule, key: string): Promise<number> {
    try {
      const [count, ends] = await this.#shared.redis.hmget(this.#key(rule, key), 'count', 'end');
      return Number(ends ?? 0) > this.#clock() ? Number(count ?? 0) : 0;
    } catch (error) {
      this.#shared.failed('rate limits', error);
      return this.#fallback.count(rule, key);
    }
  }

  async giveBack(rule: Rule, key: string): Promise<void> {
    try {
      await this.#shared.redis.veracityRateGiveBack(this.#key(rule, key), this.#clock());
    } catch (error) {
      this.#shared.failed('rate limits', error);
      this.#fallback.giveBack(rule, key);
    }
  }

  async hit(...attempts: readonly Attempt<Rule>[]): Promise<void> {
    if (attempts.length === 0) return;
    let answer: [number, number, number];
    try {
      answer = await this.#count(attempts, this.#clock(), true);
    } catch (error) {
      this.#shared.failed('rate limits', error);
      this.#fallback.hit(...attempts);
      return;
    }
    const [refused, , msLeft] = answer;
    if (Number(refused) > 0) throw tooManyRequests(Number(msLeft));
  }
}

/**
 * The limiter of these rules: shared when the servers share a store (`stores.shared`), else in this
 * process, answering synchronously (one server needs nothing but itself).
 */
export function createRateLimiter<Rule extends string>(
  shared: SharedState | undefined,
  name: string,
  rules: Record<Rule, RateRule>,
  options: { clock?: () => number; maxKeys?: number } = {},
): RateLimiter<Rule> {
  if (shared) return new SharedRateLimiter(shared, name, rules, options);
  return new InProcessRateLimiter(rules, options.clock ?? Date.now, options.maxKeys ?? DEFAULT_MAX_KEYS);
}
