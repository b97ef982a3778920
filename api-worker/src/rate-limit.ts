// Fixed one-minute windows per caller: in memory (one Node process) or in the state store (shared
// by every Workers isolate). Either answers the numbers for the X-RateLimit-* headers.
import type { RateLimiter, RateLimitResult } from './deps.ts';
import type { StateStore } from './state/types.ts';

export const WINDOW_MS = 60_000;

function result(count: number, limit: number, windowStart: number): RateLimitResult {
  return { limit, remaining: Math.max(0, limit - count), reset: Math.ceil((windowStart + WINDOW_MS) / 1000), allowed: count <= limit };
}

/**
 * Counters in this process's memory; old windows are dropped as time passes.
 *
 * @example const limiter = createMemoryRateLimiter(); await limiter.hit('ip:127.0.0.1', 60, Date.now());
 */
export function createMemoryRateLimiter(): RateLimiter {
  let window = -1;
  let counts = new Map<string, number>();
  return {
    async hit(key, limit, nowMs) {
      const start = Math.floor(nowMs / WINDOW_MS) * WINDOW_MS;
      if (start !== window) {
        window = start;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return result(count, limit, start);
    },
  };
}

/** Counters in the state store (D1 on Workers), pruned now and then. */
export function createStateRateLimiter(state: StateStore): RateLimiter {
  let prunedWindow = -1;
  return {
    async hit(key, limit, nowMs) {
      const start = Math.floor(nowMs / WINDOW_MS) * WINDOW_MS;
      const count = await state.hitRateLimit(key, start);
      if (start !== prunedWindow) {
        prunedWindow = start;
        await state.pruneRateLimits(start - WINDOW_MS);
      }
      return result(count, limit, start);
    },
  };
}
