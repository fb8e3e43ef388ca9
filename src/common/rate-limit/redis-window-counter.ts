import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
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
const COMMAND_TIMEOUT_MS = 500;
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
 * Counters in Redis, shared by every instance. While Redis is unreachable the instance counts in
 * its own memory (each instance then enforces the limits alone, as without REDIS_URL) rather than
 * refusing everyone or limiting no one; the outage and the recovery are logged once each.
 */
export class RedisWindowCounter implements WindowCounter, OnApplicationShutdown {
  private readonly logger = new Logger(RedisWindowCounter.name);
  private readonly fallback = new MemoryWindowCounter();
  private reachable = true;

  private constructor(
    private readonly redis: ScriptedRedis,
    private readonly keyPrefix: string,
  ) {
    redis.on('error', (error: Error) => this.markUnreachable(error));
    redis.on('ready', () => this.markReachable());
  }

  /** Connects before the first request when Redis is up; starts anyway (counting locally) when it is not. */
  static async connect(url: string, keyPrefix: string): Promise<RedisWindowCounter> {
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
    const counter = new RedisWindowCounter(redis as ScriptedRedis, keyPrefix);
    await redis.connect().catch(() => undefined);
    return counter;
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const counted = await this.inRedis(() => this.redis.hitWindow(this.keyPrefix + key, windowMs));
    if (counted === undefined) return this.fallback.hit(key, windowMs);
    const [hits, ttl] = counted;
    return { hits, resetInMs: Math.max(0, ttl) };
  }

  async release(key: string): Promise<void> {
    const released = await this.inRedis(() => this.redis.releaseWindow(this.keyPrefix + key));
    if (released === undefined) await this.fallback.release(key);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** The command's result, or undefined when Redis could not run it (the caller then counts locally). */
  private async inRedis<T>(command: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await command();
      this.markReachable();
      return result;
    } catch (error) {
      this.markUnreachable(error as Error);
      return undefined;
    }
  }

  private markUnreachable(error: Error): void {
    if (!this.reachable) return;
    this.reachable = false;
    this.logger.warn(`Redis unavailable (${error.message}): rate limits are counted per instance until it is back`);
  }

  private markReachable(): void {
    if (this.reachable) return;
    this.reachable = true;
    this.logger.log('Redis reachable again: rate limits are shared by all instances');
  }
}
