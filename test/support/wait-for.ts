import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `condition` every 20 ms until it holds; fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  for (const started = Date.now(); !(await condition()); await sleep(20)) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
  }
}
