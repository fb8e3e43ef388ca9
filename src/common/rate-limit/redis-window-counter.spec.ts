import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { DedicatedRedis } from '../../../test/support/dedicated-redis.js';
import { RedisRelay, redisTestPrefix, TEST_REDIS_URL } from '../../../test/support/redis.js';
import { waitFor } from '../../../test/support/wait-for.js';
import { COMMAND_TIMEOUT_MS, RedisWindowCounter } from './redis-window-counter.js';

/** Log lines of the counter, by the words they start with. */
const logged = (spy: { mock: { calls: unknown[][] } }, start: string) => spy.mock.calls.filter(([message]) => String(message).startsWith(start));

/** The milliseconds each of `count` hits takes, one after another. */
async function timeHits(counter: RedisWindowCounter, key: string, count: number): Promise<number[]> {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await counter.hit(key, 60_000);
    times.push(performance.now() - started);
  }
  return times;
}

describe('RedisWindowCounter', () => {
  const opened: RedisWindowCounter[] = [];
  const open = async (url = TEST_REDIS_URL, keyPrefix = redisTestPrefix(), retryAfterMs = 30_000) => {
    const counter = await RedisWindowCounter.connect({ url, keyPrefix, retryAfterMs });
    opened.push(counter);
    return counter;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((counter) => counter.onApplicationShutdown()));
    jest.restoreAllMocks();
  });

  it('shares one count between connections, atomically', async () => {
    const prefix = redisTestPrefix();
    const [a, b] = [await open(TEST_REDIS_URL, prefix), await open(TEST_REDIS_URL, prefix)];
    const counts = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).hit('caller', 60_000)));
    expect(counts.map((count) => count.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const next = await a.hit('caller', 60_000);
    expect(next.hits).toBe(101);
    expect(next.resetInMs).toBeGreaterThan(59_000);
  });

  it('keeps prefixes apart', async () => {
    const [a, b] = [await open(), await open()];
    await a.hit('caller', 60_000);
    await expect(b.hit('caller', 60_000)).resolves.toMatchObject({ hits: 1 });
  });

  it('starts from zero once the window has ended', async () => {
    const counter = await open();
    await counter.hit('caller', 200);
    await counter.hit('caller', 200);
    await sleep(250);
    await expect(counter.hit('caller', 200)).resolves.toMatchObject({ hits: 1 });
  });

  it('takes a hit back while the window is open, never below zero and never reviving an ended window', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const prefix = redisTestPrefix();
      const counter = await open(TEST_REDIS_URL, prefix);
      await counter.hit('caller', 60_000);
      await counter.hit('caller', 60_000);
      for (let i = 0; i < 3; i += 1) await counter.release('caller');
      expect(await redis.get(`${prefix}caller`)).toBe('0');
      expect(await redis.pttl(`${prefix}caller`)).toBeGreaterThan(59_000);

      await counter.release('never-hit');
      expect(await redis.exists(`${prefix}never-hit`)).toBe(0);
    } finally {
      await redis.quit();
    }
  });

  it('counts in this process while Redis is unreachable, says so once, and goes back to Redis when it returns', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const relay = await RedisRelay.start();
    try {
      const counter = await open(relay.url);
      await counter.hit('caller', 60_000);
      await relay.cut();
      const duringOutage = [];
      for (let i = 0; i < 3; i += 1) duringOutage.push((await counter.hit('caller', 60_000)).hits);
      expect(duringOutage).toEqual([1, 2, 3]);
      expect(logged(warn, 'Redis unavailable')).toHaveLength(1);

      await relay.restore();
      await waitFor(async () => (await counter.hit('caller', 60_000)).hits === 2);
      expect(logged(log, 'Redis reachable again')).toHaveLength(1);
    } finally {
      await relay.stop();
    }
  });

  it('starts without Redis and counts in this process', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const counter = await open('redis://127.0.0.1:1');
    await counter.hit('caller', 60_000);
    await expect(counter.hit('caller', 60_000)).resolves.toMatchObject({ hits: 2 });
  });

  it('never waits for a Redis that refuses connections', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const counter = await open('redis://127.0.0.1:1');
    const times = await timeHits(counter, 'caller', 20);
    expect(Math.max(...times)).toBeLessThan(COMMAND_TIMEOUT_MS / 2);
    expect(logged(warn, 'Redis unavailable')).toHaveLength(1);
  });

  describe('with a stalled Redis (stopped with SIGSTOP: connected, never answering)', () => {
    const RETRY_AFTER_MS = 1000;
    let redis: DedicatedRedis;
    beforeEach(async () => (redis = await DedicatedRedis.start()));
    afterEach(() => redis.stop());

    it('waits for it three times, then counts in this process at once, and goes back to Redis after the pause once it answers', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
      const keyPrefix = redisTestPrefix();
      const counter = await open(redis.url, keyPrefix, RETRY_AFTER_MS);
      await counter.hit('before', 60_000);

      redis.stall();
      const stalled = await timeHits(counter, 'during', 3);
      expect(Math.min(...stalled)).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 10);
      const afterSwitch = await timeHits(counter, 'during', 20);
      expect(Math.max(...afterSwitch)).toBeLessThan(COMMAND_TIMEOUT_MS / 2);
      expect(logged(warn, 'Redis unavailable')).toEqual([[expect.stringContaining('Command timed out')]]);
      await expect(counter.hit('during', 60_000)).resolves.toMatchObject({ hits: 24 });

      redis.resume();
      const client = new Redis(redis.url);
      try {
        await waitFor(async () => (await counter.hit('after', 60_000), (await client.exists(`${keyPrefix}after`)) === 1), 3 * RETRY_AFTER_MS + 2000);
        expect(logged(log, 'Redis reachable again')).toHaveLength(1);
        expect(logged(warn, 'Redis unavailable')).toHaveLength(1);
      } finally {
        await client.quit();
      }
    });
  });
});
