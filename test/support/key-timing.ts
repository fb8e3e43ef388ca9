import { setTimeout as sleep } from 'node:timers/promises';

/** Signing-key intervals short enough for tests to run in seconds; production defaults are 300 s and 30 s. */
export const REFRESH_SECONDS = 3;
export const UNKNOWN_KID_REFETCH_SECONDS = 2;
export const KEY_TIMING_ENV = {
  AUTH_JWKS_REFRESH_SECONDS: String(REFRESH_SECONDS),
  AUTH_JWKS_UNKNOWN_KID_REFETCH_SECONDS: String(UNKNOWN_KID_REFETCH_SECONDS),
};
/** Room for the polling step and request latency on a loaded 2-core machine, on top of each bound. */
export const LATENCY_MARGIN_MS = 1000;
const POLL_STEP_MS = 100;

/**
 * Milliseconds from `since` to the start of the first call answering `wanted`, polling; throws
 * once `withinMs` plus the latency margin have passed.
 */
export async function firstAnswer(status: () => Promise<number>, wanted: number, since: number, withinMs: number): Promise<number> {
  while (Date.now() - since <= withinMs + LATENCY_MARGIN_MS) {
    const startedAt = Date.now();
    if ((await status()) === wanted) return startedAt - since;
    await sleep(POLL_STEP_MS);
  }
  throw new Error(`no ${wanted} within ${withinMs} ms (+${LATENCY_MARGIN_MS} ms margin)`);
}
