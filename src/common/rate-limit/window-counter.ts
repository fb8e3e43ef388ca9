export const WINDOW_COUNTER = Symbol('WINDOW_COUNTER');

/** The hits of one key in its current window. */
export interface WindowCount {
  hits: number;
  /** Milliseconds until the window ends and the key counts from zero again; 0 when none is open. */
  resetInMs: number;
}

/**
 * Fixed-window counters: a key's first hit opens a window of `windowMs`, and every hit until it
 * ends adds one. Kept in this process, or in Redis when several instances share them.
 */
export interface WindowCounter {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The current count without adding to it. */
  peek(key: string): Promise<WindowCount>;
}
