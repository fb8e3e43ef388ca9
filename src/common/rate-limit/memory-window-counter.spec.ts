import { jest } from '@jest/globals';
import { MemoryWindowCounter } from './memory-window-counter.js';

describe('MemoryWindowCounter', () => {
  afterEach(() => jest.useRealTimers());

  it('counts hits per key within the window opened by the first one', async () => {
    jest.useFakeTimers();
    const counter = new MemoryWindowCounter();
    await counter.hit('a', 60_000);
    jest.advanceTimersByTime(15_000);
    await expect(counter.hit('a', 60_000)).resolves.toEqual({ hits: 2, resetInMs: 45_000 });
    await expect(counter.hit('b', 60_000)).resolves.toEqual({ hits: 1, resetInMs: 60_000 });
  });

  it('starts from zero once the window has ended', async () => {
    jest.useFakeTimers();
    const counter = new MemoryWindowCounter();
    await counter.hit('a', 1000);
    await counter.hit('a', 1000);
    jest.advanceTimersByTime(1000);
    await expect(counter.hit('a', 1000)).resolves.toEqual({ hits: 1, resetInMs: 1000 });
  });

  it('takes a hit back within the window, never below zero', async () => {
    const counter = new MemoryWindowCounter();
    await counter.hit('a', 60_000);
    await counter.hit('a', 60_000);
    await counter.release('a');
    await expect(counter.hit('a', 60_000)).resolves.toMatchObject({ hits: 2 });
    for (let i = 0; i < 3; i += 1) await counter.release('a');
    await counter.release('never-hit');
    await expect(counter.hit('a', 60_000)).resolves.toMatchObject({ hits: 1 });
    await expect(counter.hit('never-hit', 60_000)).resolves.toMatchObject({ hits: 1 });
  });

  it('keeps at most its bound of open windows, dropping the oldest first', async () => {
    const counter = new MemoryWindowCounter(100);
    for (let i = 0; i <= 150; i += 1) await counter.hit(`key-${i}`, 60_000);
    expect(counter.size).toBe(100);
    await expect(counter.hit('key-150', 60_000)).resolves.toMatchObject({ hits: 2 });
    await expect(counter.hit('key-50', 60_000)).resolves.toMatchObject({ hits: 1 });
  });

  it('drops ended windows before open ones when it needs room', async () => {
    jest.useFakeTimers();
    const counter = new MemoryWindowCounter(3);
    await counter.hit('short', 1000);
    await counter.hit('long-1', 60_000);
    await counter.hit('long-2', 60_000);
    jest.advanceTimersByTime(1000);
    await counter.hit('new', 60_000);
    expect(counter.size).toBe(3);
    await expect(counter.hit('long-1', 60_000)).resolves.toMatchObject({ hits: 2 });
  });
});
