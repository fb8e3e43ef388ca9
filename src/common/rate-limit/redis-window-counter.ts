import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { RedisSettings } from '../../config/app-config.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { MemoryWindowCounter } from './memory-window-counter.js';
import type { WindowCount, WindowCounter } from './window-counter.js';

/** One round trip, atomic: the first hit (or a key that somehow lost its expiry) opens the window. */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

/** DECR keeps the expiry; a key whose window has ended is left alone rather than created at -1. */
const RELEASE_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** A request waits at most this long for Redis before it is counted in this process instead. */
export const COMMAND_TIMEOUT_MS = 500;
/** Commands failed or timed out in a row before counting moves to this process until Redis is tried again. */
const FAILURES_TO_OPEN = 3;
const CONNECT_TIMEOUT_MS = 2000;
const MAX_RECONNECT_DELAY_MS = 2000;
/** How long a shutdown waits for a connection to close (ioredis keeps a timer that long even when none is open). */
const DISCONNECT_TIMEOUT_MS = 500;

interface WindowScripts {
  hitWindow(key: string, windowMs: number): Promise<[number, number]>;
  releaseWindow(key: string): Promise<number>;
}

type ScriptedRedis = Redis & WindowScripts;

/**
 * Counters in Redis, shared by every instance. While Redis is unreachable or stalled the instance
 * counts in its own memory (each instance then enforces the limits alone, as without REDIS_URL)
 * rather than refusing everyone or limiting no one. A lost connection moves counting here at once
 * and a fresh one back; a connection that stays up but stops answering (a stalled Redis) costs
 * the command timeout FAILURES_TO_OPEN times, then Redis is left alone for `retryAfterMs` and
 * probed in the background. Each move is logged once.
 */
export class RedisWindowCounter implements WindowCounter, OnApplicationShutdown {
  private readonly logger = new Logger(RedisWindowCounter.name);
  private readonly fallback = new MemoryWindowCounter();
  private readonly breaker: CircuitBreaker;
  private lastConnectionError?: Error;

  private constructor(
    private readonly redis: ScriptedRedis,
    private readonly keyPrefix: string,
    retryAfterMs: number,
  ) {
    this.breaker = new CircuitBreaker({
      failuresToOpen: FAILURES_TO_OPEN,
      retryAfterMs,
      probe: () => redis.ping(),
      opened: (reason) =>
        this.logger.warn(`Redis unavailable (${reason.message}): rate limits are counted per instance until it is back (tried again every ${retryAfterMs / 1000} s)`),
      closed: () => this.logger.log('Redis reachable again: rate limits are shared by all instances'),
    });
    redis.on('error', (error: Error) => {
      this.lastConnectionError = error;
      this.breaker.open(error);
    });
    redis.on('ready', () => this.breaker.close());
  }

  /** Connects before the first request when Redis is up; starts anyway (counting locally) when it is not. */
  static async connect({ url, keyPrefix, retryAfterMs }: RedisSettings): Promise<RedisWindowCounter> {
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
      retryStrategy: (attempt: number) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
    });
    redis.defineCommand('hitWindow', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('releaseWindow', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    const counter = new RedisWindowCounter(redis as ScriptedRedis, keyPrefix, retryAfterMs);
    await redis.connect().catch(() => undefined);
    return counter;
  }

  hit(key: string, windowMs: number): Promise<WindowCount> {
    return this.breaker.run(
      async () => {
        const [hits, ttl] = await this.redis.hitWindow(this.keyPrefix + key, windowMs);
        return { hits, resetInMs: Math.max(0, ttl) };
      },
      () => this.fallback.hit(key, windowMs),
    );
  }

  release(key: string): Promise<void> {
    return this.breaker.run(
      async () => void (await this.redis.releaseWindow(this.keyPrefix + key)),
      () => this.fallback.release(key),
    );
  }

  /** For readiness: rejects, with the reason, while Redis is not connected or does not answer a PING in time. */
  async check(): Promise<void> {
    if (this.redis.status !== 'ready') {
      throw new Error(`not connected (${this.redis.status})${this.lastConnectionError ? `: ${this.lastConnectionError.message}` : ''}`);
    }
    await this.redis.ping();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
