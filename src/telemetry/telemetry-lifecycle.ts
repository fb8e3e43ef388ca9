import { withTimeout } from '../common/with-timeout.js';

/**
 * What the running SDK tells the rest of the service, without the service importing the SDK: set by
 * start-telemetry.ts (loaded through `node --import`), read by the logger and by main.ts's shutdown.
 */
interface Running {
  stop: () => Promise<void>;
  tracing: boolean;
}

let running: Running | undefined;

/** The export of buffered spans and metrics is abandoned after this long: a dead collector must not hold up the exit. */
const STOP_TIMEOUT_MS = 3_000;

export function telemetryStarted(state: Running): void {
  running = state;
}

/** True when spans are recorded and exported, so log lines can name their trace. */
export function tracingActive(): boolean {
  return running?.tracing ?? false;
}

/** Exports what is still buffered; resolves at once when telemetry is off. */
export async function stopTelemetry(): Promise<void> {
  if (!running) return;
  const { stop } = running;
  running = undefined;
  await withTimeout(stop().catch(() => undefined), STOP_TIMEOUT_MS, () => undefined);
}
