import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisRelay, redisTestPrefix, TEST_REDIS_URL } from '../../../test/support/redis.js';
import { RedisWindowCounter } from './redis-window-counter.js';

describe('RedisWindowCounter', () => {
  const opened: RedisWindowCounter[] = [];
  const open = async (url = TEST_REDIS_URL, prefix = redisTestPrefix()) => {
    const counter = await RedisWindowCounter.connect(url, prefix);
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
    await expect(a.peek('caller')).resolves.toMatchObject({ hits: 100 });
    expect((await a.peek('caller')).resetInMs).toBeGreaterThan(59_000);
  });

  it('keeps prefixes apart', async () => {
    const [a, b] = [await open(), await open()];
    await a.hit('caller', 60_000);
    await expect(b.peek('caller')).resolves.toEqual({ hits: 0, resetInMs: 0 });
  });

  it('starts from zero once the window has ended', async () => {
    const counter = await open();
    await counter.hit('caller', 200);
    await counter.hit('caller', 200);
    await sleep(250);
    await expect(counter.peek('caller')).resolves.toEqual({ hits: 0, resetInMs: 0 });
    await expect(counter.hit('caller', 200)).resolves.toMatchObject({ hits: 1 });
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
      expect(warn.mock.calls.filter(([message]) => String(message).startsWith('Redis unavailable'))).toHaveLength(1);

      await relay.restore();
      await waitFor(async () => (await counter.peek('caller')).hits === 1);
      await expect(counter.hit('caller', 60_000)).resolves.toMatchObject({ hits: 2 });
      expect(log.mock.calls.filter(([message]) => String(message).startsWith('Redis reachable again'))).toHaveLength(1);
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
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(50)) {
    if (await condition()) return;
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
