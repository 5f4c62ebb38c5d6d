import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterCluster, RateLimiterClusterMaster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimits } from './plans.ts';

/**
 * The outcome of one request against a key's limits. `limit`, `remaining` and `resetSeconds`
 * describe the window closest to exhaustion: the one with the fewest requests left when the
 * request is allowed (on a tie, the one that resets later); on a refusal, the refusing window
 * with the longest wait, with `remaining` 0.
 */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds (rounded up) until that window resets; at least 1. */
  resetSeconds: number;
  /** On a refusal: whole seconds (rounded up) after which a retry can succeed. */
  retryAfterSeconds?: number;
}

export interface RateLimiter {
  /** Counts one request of `key` in both windows; allowed only if both windows allow it. */
  consume(key: string, limits: RateLimits): Promise<RateLimitDecision>;
  /**
   * Counts nothing: whole seconds until `key` may be counted again when a window has no request
   * left (its next consume would be refused), else undefined. For limits that count only some
   * requests (failed authentications) but must refuse every request once spent.
   */
  exhaustedFor(key: string, limits: RateLimits): Promise<number | undefined>;
  /**
   * Resolves true once the shared store is connected (at once with the memory store), false if
   * it is not within `timeoutMs`; consume works either way (see `createRateLimiter`).
   */
  ready(timeoutMs?: number): Promise<boolean>;
  /**
   * Where the counters live: this process (`memory`), the cluster's primary process, shared by
   * the workers of one machine (`cluster`), or Redis, shared by every instance.
   */
  readonly store: 'memory' | 'cluster' | 'redis';
  close(): Promise<void>;
}

/** The subset of a pino logger the limiter uses (only for Redis connection changes). */
export interface RateLimiterLogger {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

export interface RateLimiterOptions {
  /** `redis://` or `rediss://` URL; counters are shared through it. Without it, in memory. */
  redisUrl?: string;
  /**
   * Without Redis, in a worker of a node:cluster: the counters are kept by the primary process
   * (which must call `serveClusterRateLimits` before forking), so every worker of the machine
   * counts against one limit.
   */
  cluster?: boolean;
  /** Prefix of the counter keys (default `ratelimit`); one per platform sharing a Redis. */
  keyPrefix?: string;
  logger?: RateLimiterLogger;
  /** A Redis command slower than this counts as an outage for that request (default 1000 ms). */
  redisCommandTimeoutMs?: number;
  /**
   * After a command failed on an open connection (a Redis that hangs, or answers errors), counts
   * are kept in memory for this long before Redis is asked again (default 5000 ms), so requests
   * do not each wait out the command timeout.
   */
  redisSetAsideMs?: number;
  /** How long consumes made right after creation wait for the first connection (default 2000 ms). */
  redisStartupWaitMs?: number;
}

interface Window {
  seconds: number;
  limitOf(limits: RateLimits): number;
}

const WINDOWS: readonly Window[] = [
  { seconds: 1, limitOf: (limits) => limits.perSecond },
  { seconds: 60, limitOf: (limits) => limits.perMinute },
];

/** The longest a worker waits for the primary's answer (IPC on one machine: normally well under a millisecond). */
const CLUSTER_TIMEOUT_MS = 1000;

/**
 * In the primary process of a node:cluster, before forking: keeps the counters of the workers'
 * `cluster` limiters (rate-limiter-flexible's RateLimiterClusterMaster, answering over IPC).
 */
export function serveClusterRateLimits(): void {
  new RateLimiterClusterMaster();
}

/**
 * A window that allowed a request another window refused gives its point back, unless it
 * resets within this margin: a refund landing after the reset would credit the next window.
 */
const REFUND_MARGIN_MS = 250;

/**
 * The in-memory counters of one window and limit: the insurance of the Redis limiter (which
 * falls back to them when a command fails), and what counts directly while Redis is set aside.
 */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onRedisFailure: () => void,
  ) {
    super(options);
  }

  /** Called by RateLimiterRedis when Redis failed it. */
  override consume(...args: Parameters<RateLimiterMemory['consume']>): ReturnType<RateLimiterMemory['consume']> {
    this.onRedisFailure();
    return super.consume(...args);
  }

  consumeLocally(key: string): ReturnType<RateLimiterMemory['consume']> {
    return super.consume(key, 1);
  }
}

interface WindowLimiters {
  /** Redis with its insurance, or memory alone. */
  shared: RateLimiterAbstract;
  insurance?: InsuranceLimiter;
}

interface WindowOutcome {
  limiter: RateLimiterAbstract;
  limit: number;
  allowed: boolean;
  remaining: number;
  msBeforeNext: number;
}

/**
 * A fixed-window limiter over two windows (one second, one minute) built on
 * rate-limiter-flexible: `RateLimiterMemory` by default, `RateLimiterRedis` (ioredis) when
 * `redisUrl` is given, so that every instance on that Redis enforces one limit per key.
 *
 * What a refused request costs: nothing. rate-limiter-flexible counts a refused consume in the
 * refusing window; that is harmless (that window is spent anyway, and a fixed window resets at
 * its fixed time however often it is hit, so a client hammering past the limit gets back in as
 * soon as it resets). A window that allowed the request while the other refused it gets its
 * point back, so a burst refused by the per-second window does not eat the per-minute budget.
 *
 * Redis outages: commands are never queued (`enableOfflineQueue: false`); while the connection
 * is not ready, or a command fails or times out, each window falls back to an in-memory
 * insurance limiter with the same limit, i.e. limits hold per instance instead of across
 * instances until Redis is back (ioredis reconnects by itself). A Redis that keeps its
 * connection but stops answering would cost every request the command timeout: after one such
 * failure the limiter counts in memory for `redisSetAsideMs` before it asks Redis again.
 * Outage and recovery are logged once each, with the error code and a message that never holds
 * the URL's credentials.
 */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const keyPrefix = options.keyPrefix ?? 'ratelimit';
  const redis = options.redisUrl ? connectRedis(options.redisUrl, options) : undefined;
  const limiters = new Map<string, WindowLimiters>();
  let closed = false;

  // Limits differ per key (per plan, per enterprise tenant): one limiter per (window, points).
  function limitersFor(window: Window, points: number): WindowLimiters {
    const id = `${window.seconds}:${points}`;
    let windowLimiters = limiters.get(id);
    if (!windowLimiters) {
      const memoryOptions = { points, duration: window.seconds, keyPrefix: `${keyPrefix}:${window.seconds}s:${points}` };
      if (redis) {
        const insurance = new InsuranceLimiter(memoryOptions, redis.failed);
        const shared = new RateLimiterRedis({
          storeClient: redis.client,
          points,
          duration: window.seconds,
          // The counter is "requests of this key in this window", whatever the limit: a key
          // whose limit changes (a plan upgrade) keeps its count, and instances that briefly
          // disagree on a key's limit still count in one place.
          keyPrefix: `${keyPrefix}:${window.seconds}s`,
          insuranceLimiter: insurance,
          rejectIfRedisNotReady: true,
          // A key over its limit is refused locally until its window resets, without asking
          // Redis again: a client hammering past the limit costs Redis nothing more.
          inMemoryBlockOnConsumed: points + 1,
        });
        windowLimiters = { shared, insurance };
      } else if (options.cluster) {
        windowLimiters = { shared: new RateLimiterCluster({ ...memoryOptions, timeoutMs: CLUSTER_TIMEOUT_MS }) };
      } else {
        windowLimiters = { shared: new RateLimiterMemory(memoryOptions) };
      }
      limiters.set(id, windowLimiters);
    }
    return windowLimiters;
  }

  function checkLimits(key: string, limits: RateLimits): void {
    if (closed) throw new Error('the rate limiter is closed');
    if (!key) throw new TypeError('rate limit key must be a non-empty string');
    for (const window of WINDOWS) {
      const limit = window.limitOf(limits);
      if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError(`rate limits must be positive integers, got ${String(limit)} per ${window.seconds} s`);
    }
  }

  return {
    store: redis ? 'redis' : options.cluster ? 'cluster' : 'memory',

    async consume(key, limits) {
      checkLimits(key, limits);
      if (redis && !redis.startupSettled) await redis.startup;
      const setAside = redis?.setAside() ?? false;
      const failuresBefore = redis?.failures ?? 0;

      const outcomes = await Promise.all(
        WINDOWS.map(async (window): Promise<WindowOutcome> => {
          const limit = window.limitOf(limits);
          const { shared, insurance } = limitersFor(window, limit);
          const local = setAside && insurance !== undefined;
          const limiter = local ? insurance : shared;
          try {
            const result = local ? await insurance.consumeLocally(key) : await shared.consume(key, 1);
            return { limiter, limit, allowed: true, remaining: result.remainingPoints, msBeforeNext: result.msBeforeNext };
          } catch (rejection) {
            if (!(rejection instanceof RateLimiterRes)) throw rejection;
            return { limiter, limit, allowed: false, remaining: 0, msBeforeNext: rejection.msBeforeNext };
          }
        }),
      );

      if (outcomes.some((outcome) => !outcome.allowed)) {
        await Promise.all(
          outcomes
            .filter((outcome) => outcome.allowed && outcome.msBeforeNext > REFUND_MARGIN_MS)
            .map(async (outcome) => {
              await outcome.limiter.reward(key, 1);
              outcome.remaining = Math.min(outcome.limit, outcome.remaining + 1);
            }),
        );
      }
      if (redis && !setAside && redis.failures === failuresBefore) redis.answered();
      return decide(outcomes);
    },

    async exhaustedFor(key, limits) {
      checkLimits(key, limits);
      if (redis && !redis.startupSettled) await redis.startup;
      const setAside = redis?.setAside() ?? false;
      // A failed Redis get falls back to the insurance limiter's counts (rate-limiter-flexible).
      const waits = await Promise.all(
        WINDOWS.map(async (window) => {
          const limit = window.limitOf(limits);
          const { shared, insurance } = limitersFor(window, limit);
          const counted = await (setAside && insurance ? insurance : shared).get(key);
          return counted && counted.consumedPoints >= limit ? counted.msBeforeNext : 0;
        }),
      );
      const longest = Math.max(...waits);
      return longest > 0 ? wholeSeconds(longest) : undefined;
    },

    async ready(timeoutMs = 5000) {
      if (!redis) return true;
      return redis.waitUntilReady(timeoutMs);
    },

    async close() {
      if (closed) return;
      closed = true;
      await redis?.close();
    },
  };
}

function decide(outcomes: WindowOutcome[]): RateLimitDecision {
  const refusing = outcomes.filter((outcome) => !outcome.allowed);
  if (refusing.length > 0) {
    const longest = refusing.reduce((a, b) => (b.msBeforeNext > a.msBeforeNext ? b : a));
    const wait = wholeSeconds(longest.msBeforeNext);
    return { allowed: false, limit: longest.limit, remaining: 0, resetSeconds: wait, retryAfterSeconds: wait };
  }
  const closest = outcomes.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.msBeforeNext > a.msBeforeNext) ? b : a));
  return { allowed: true, limit: closest.limit, remaining: closest.remaining, resetSeconds: wholeSeconds(closest.msBeforeNext) };
}

/** Milliseconds to whole seconds, rounded up, at least 1 (a window always resets in the future). */
function wholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

interface RedisConnection {
  client: Redis;
  /** A command failed (the insurance limiter answered instead). */
  failed(): void;
  /** Commands failed so far: a consume that saw none added was answered by Redis. */
  readonly failures: number;
  /** A consume was answered by Redis. */
  answered(): void;
  /** True while Redis is set aside after a failure on an open connection (counts are kept in memory). */
  setAside(): boolean;
  /** Settles on the first `ready` or after the start-up wait, whichever comes first. */
  startup: Promise<void>;
  startupSettled: boolean;
  waitUntilReady(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

function connectRedis(redisUrl: string, options: RateLimiterOptions): RedisConnection {
  let url: URL;
  try {
    url = new URL(redisUrl);
  } catch {
    throw new Error('The Redis URL is not a valid URL (expected redis://[user:password@]host:port[/db]).');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new Error(`The Redis URL must start with redis:// or rediss://, not ${url.protocol}//.`);
  const secrets = [url.password, safeDecode(url.password), url.username, safeDecode(url.username)].filter((part) => part.length > 0);
  const redact = (text: string) => secrets.reduce((clean, secret) => clean.split(secret).join('[redacted]'), text);
  const where = { redis: `${url.hostname}:${url.port || '6379'}` };
  const timeoutMs = options.redisCommandTimeoutMs ?? 1000;

  const client = new Redis(redisUrl, {
    // Never queue a command while disconnected: the insurance limiter answers instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: timeoutMs,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    connectionName: 'platform-rate-limit',
  });

  let degraded = false;
  let closing = false;
  client.on('error', (error: Error & { code?: unknown }) => {
    // ioredis emits an error per failed attempt while reconnecting: log the outage once.
    if (degraded) return;
    degraded = true;
    options.logger?.warn({ ...where, code: typeof error.code === 'string' ? error.code : undefined, error: redact(error.message) }, 'Redis unavailable: rate limits are enforced per instance until it is back');
  });
  client.on('close', () => {
    if (!degraded && !closing) {
      degraded = true;
      options.logger?.warn(where, 'Redis connection lost: rate limits are enforced per instance until it is back');
    }
  });
  client.on('ready', () => {
    if (degraded) options.logger?.info(where, 'Redis connection restored: rate limits are shared again');
    degraded = false;
  });

  const waitUntilReady = (timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if (client.status === 'ready') return resolve(true);
      if (closing) return resolve(false);
      const done = (result: boolean) => {
        clearTimeout(timer);
        client.off('ready', onReady);
        client.off('end', onEnd);
        resolve(result);
      };
      const onReady = () => done(true);
      const onEnd = () => done(false);
      const timer = setTimeout(() => done(false), timeoutMs);
      timer.unref();
      client.on('ready', onReady);
      client.on('end', onEnd);
    });

  const setAsideMs = options.redisSetAsideMs ?? 5000;
  let failures = 0;
  let setAsideUntil = 0;
  let unanswered = false;
  const connection: RedisConnection = {
    client,
    failed() {
      failures++;
      // A closed connection fails at once and is logged by its events; an open one that fails
      // (times out, most likely) would make every request wait: set Redis aside for a while.
      if (client.status !== 'ready' || Date.now() < setAsideUntil) return;
      setAsideUntil = Date.now() + setAsideMs;
      if (!unanswered && !degraded) options.logger?.warn({ ...where }, `Redis did not answer within ${timeoutMs} ms: rate limits are enforced per instance, Redis is asked again every ${Math.ceil(setAsideMs / 1000)} s`);
      unanswered = true;
    },
    get failures() {
      return failures;
    },
    answered() {
      if (!unanswered) return;
      unanswered = false;
      options.logger?.info(where, 'Redis answers again: rate limits are shared again');
    },
    setAside: () => Date.now() < setAsideUntil,
    startup: Promise.resolve(),
    startupSettled: false,
    waitUntilReady,
    async close() {
      closing = true;
      if (client.status === 'ready') {
        try {
          await client.quit();
          return;
        } catch {
          // fall through: drop the connection
        }
      }
      client.disconnect();
    },
  };
  // A new connection is asked at once (its recovery is logged as the end of the outage).
  client.on('ready', () => {
    setAsideUntil = 0;
    unanswered = false;
  });
  // The first requests after start-up wait (briefly) for the connection instead of all going to
  // the per-instance insurance limiter, so instances started together share counts at once.
  connection.startup = waitUntilReady(options.redisStartupWaitMs ?? 2000).then(() => {
    connection.startupSettled = true;
  });
  return connection;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
