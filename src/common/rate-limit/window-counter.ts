export const WINDOW_COUNTER = Symbol('WINDOW_COUNTER');
/** Readiness' question to the shared counters (REDIS_URL): resolves while they answer; null without REDIS_URL. */
export const SHARED_COUNTERS_CHECK = Symbol('SHARED_COUNTERS_CHECK');
export type SharedCountersCheck = () => Promise<void>;

/** The hits of one key in its current window. */
export interface WindowCount {
  hits: number;
  /** Milliseconds until the window ends and the key counts from zero again. */
  resetInMs: number;
}

/**
 * Fixed-window counters: a key's first hit opens a window of `windowMs`, and every hit until it
 * ends adds one. Kept in this process, or in Redis when several instances share them.
 */
export interface WindowCounter {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes one hit back while the key's window is open; never below zero. */
  release(key: string): Promise<void>;
}

/** Whole seconds until the window ends, at least 1: what a Retry-After header can say. */
export function secondsUntilReset(count: WindowCount): number {
  return Math.max(1, Math.ceil(count.resetInMs / 1000));
}
