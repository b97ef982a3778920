// What the HTTP app is given by its entry (Workers or Node): configuration, the static tree, the
// stores, the write queue's flusher, the rate limiter, and the GitHub sign-in settings.
import type { RegistryConfig } from '../../scripts/core/config.ts';
import type { ContentStore } from './content/types.ts';
import type { IndexProvider } from './query-index.ts';
import type { StateStore, WriteStatus } from './state/types.ts';

/** Files of the build output (paths relative to it: `api/v1/souls.json`, `private/zips/...`). */
export interface StaticAssets {
  read(path: string): Promise<Uint8Array | null>;
}

export interface RateLimitResult {
  limit: number;
  remaining: number;
  /** Epoch seconds when the window resets. */
  reset: number;
  allowed: boolean;
}

/** Fixed-window request counting per caller. */
export interface RateLimiter {
  hit(key: string, limit: number, nowMs: number): Promise<RateLimitResult>;
}

/** The write queue's flusher as the app uses it. */
export interface WriteQueue {
  /** Ask for a flush soon. */
  kick(): void;
  /** Wait until a queued write is committed (or the timeout passes). */
  waitFor(seq: number, timeoutMs: number): Promise<WriteStatus>;
}

/** GitHub OAuth settings (GitHub mode); absent in the embedded default. */
export interface GitHubOAuth {
  clientId: string;
  clientSecret: string;
  /** https://github.com, or a fake's URL in tests. */
  webUrl: string;
  /** https://api.github.com, or a fake's URL in tests. */
  apiUrl: string;
}

export interface AppDeps {
  config: RegistryConfig;
  assets: StaticAssets;
  state: StateStore;
  /** Null: a read-only registry (writes answer 503). */
  content: ContentStore | null;
  index: IndexProvider;
  rateLimiter: RateLimiter;
  writes: WriteQueue | null;
  /**
   * Called after a publish was queued: resolves when reads reflect it (locally: committed and
   * rebuilt). Absent: the publish is acknowledged once durable in the queue.
   */
  settle?: (seq: number) => Promise<void>;
  github?: GitHubOAuth;
  /** Enables `POST /auth/session` with a token (the embedded default's site sign-in). */
  tokenSignIn: boolean;
  now?: () => number;
  /** The client's address for anonymous rate limits (Node: the socket; Workers: CF-Connecting-IP). */
  clientAddress?: (request: Request, env: unknown) => string;
  /** Runs work after the response (Workers: ctx.waitUntil). */
  background?: (work: Promise<unknown>) => void;
}
