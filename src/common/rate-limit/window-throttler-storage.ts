import type { ThrottlerStorage } from '@nestjs/throttler';
import { secondsUntilReset, type WindowCounter } from './window-counter.js';

/** @nestjs/throttler's storage on our window counters, so it shares them through Redis when configured. */
export class WindowThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly counter: WindowCounter) {}

  /** A caller over the limit is refused until its window ends: the block lasts the window, the throttler's default. */
  async increment(key: string, ttl: number, limit: number, blockDuration: number) {
    if (blockDuration !== ttl) throw new Error('WindowThrottlerStorage blocks for the window only: leave blockDuration unset');
    const count = await this.counter.hit(key, ttl);
    const secondsLeft = secondsUntilReset(count);
    const isBlocked = count.hits > limit;
    return { totalHits: count.hits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
  }
}
