import type { WindowCount, WindowCounter } from './window-counter.js';

/** Bounds memory: past this many open windows the oldest goes, and its key counts afresh. */
const MAX_KEYS = 20_000;

interface Window {
  hits: number;
  endsAt: number;
}

/** Counters in this process: each instance counts only the requests it serves. */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly maxKeys = MAX_KEYS) {}

  hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    let window = this.openWindow(key, now);
    if (!window) {
      this.makeRoom(now);
      window = { hits: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return Promise.resolve(countOf(window, now));
  }

  release(key: string): Promise<void> {
    const window = this.openWindow(key, Date.now());
    if (window && window.hits > 0) window.hits -= 1;
    return Promise.resolve();
  }

  get size(): number {
    return this.windows.size;
  }

  private openWindow(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.endsAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /**
   * Windows sit in the order they opened, so ended ones gather at the front: drop them, and the
   * oldest open ones while over the bound, stopping at the first one kept (amortized O(1)).
   */
  private makeRoom(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt > now && this.windows.size < this.maxKeys) return;
      this.windows.delete(key);
    }
  }
}

function countOf(window: Window, now: number): WindowCount {
  return { hits: window.hits, resetInMs: window.endsAt - now };
}
