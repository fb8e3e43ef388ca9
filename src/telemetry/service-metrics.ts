import { type Attributes, type BatchObservableCallback, type Counter, type Histogram, metrics } from '@opentelemetry/api';

/**
 * The service's own metrics, beside the HTTP and database ones the instrumentations record. Features
 * call these functions and never the SDK; with telemetry off they reach the API's no-op instruments.
 * Every attribute takes few values (a catalog name, a folder, a task), so series stay bounded.
 */
interface Instruments {
  created: Counter;
  decided: Counter;
  decisionSeconds: Histogram;
  cancellationsDecided: Counter;
  rateLimited: Counter;
  authFailures: Counter;
  uploadBytes: Counter;
  jobRuns: Counter;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
/** From a quick answer to a request forgotten for a month. */
const DECISION_BUCKETS = [60, 10 * 60, HOUR, 4 * HOUR, 8 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];

let instruments: Instruments | undefined;

/** Made on first use: the API hands out no-op instruments until the SDK (started by register.ts) has registered. */
function use(): Instruments {
  if (instruments) return instruments;
  const meter = metrics.getMeter('ess-api');
  return (instruments = {
    created: meter.createCounter('ess.solicitudes.created', { description: 'Requests created, by type' }),
    decided: meter.createCounter('ess.solicitudes.decided', { description: 'Requests approved or rejected for good, by type and decision' }),
    decisionSeconds: meter.createHistogram('ess.solicitudes.decision.duration', {
      description: 'Time from a request’s creation to its final decision',
      unit: 's',
      advice: { explicitBucketBoundaries: DECISION_BUCKETS },
    }),
    cancellationsDecided: meter.createCounter('ess.solicitudes.cancellations.decided', {
      description: 'Cancellations of approved requests approved or rejected, by type and decision',
    }),
    rateLimited: meter.createCounter('ess.rate_limited', { description: 'Requests refused with 429 by a rate or failed-authentication limit' }),
    authFailures: meter.createCounter('ess.auth.failures', { description: 'Requests refused with 401: missing, invalid or unaccepted credentials' }),
    uploadBytes: meter.createCounter('ess.uploads.bytes', { description: 'Bytes of files stored, by folder', unit: 'By' }),
    jobRuns: meter.createCounter('ess.jobs.runs', { description: 'Scheduled job runs, by task and result (ok, error)' }),
  });
}

export function countSolicitudCreada(tipo: string): void {
  use().created.add(1, { tipo });
}

export function countSolicitudDecidida(tipo: string, decision: 'aprobada' | 'rechazada', creadaEl: Date, now = Date.now()): void {
  const attributes: Attributes = { tipo, decision };
  use().decided.add(1, attributes);
  use().decisionSeconds.record(Math.max(0, (now - creadaEl.getTime()) / 1000), attributes);
}

/** A cancellation of an approved request decided: not a decision on the request, so apart from ess.solicitudes.decided. */
export function countCancelacionDecidida(tipo: string, decision: 'aprobada' | 'rechazada'): void {
  use().cancellationsDecided.add(1, { tipo, decision });
}

/** `api`: `rest` for /api, `scim` for /scim/v2. */
export function countRateLimited(api: string): void {
  use().rateLimited.add(1, { api });
}

export function countAuthFailure(api: string): void {
  use().authFailures.add(1, { api });
}

export function countUploadBytes(carpeta: string, bytes: number): void {
  use().uploadBytes.add(bytes, { carpeta });
}

export function countJobRun(tarea: string, resultado: 'ok' | 'error'): void {
  use().jobRuns.add(1, { tarea, resultado });
}

/** One queue's backlog as the job engine reads it. */
export interface ObservedBacklog {
  queue: string;
  pending: number;
  oldestAgeSeconds: number;
}

/**
 * Gauges of the job engine's backlog per queue (`cola`), read from the database at each collection (a
 * scrape, or the exporter's interval), so an alert can fire on e-mails that wait too long. Answers the
 * function that stops observing. A failed read reports nothing for that collection.
 */
export function observeJobBacklog(read: () => Promise<readonly ObservedBacklog[]>): () => void {
  const meter = metrics.getMeter('ess-api');
  const pending = meter.createObservableGauge('ess.jobs.pending', { description: 'Jobs not yet done (waiting, retrying or running), by queue' });
  const oldestAge = meter.createObservableGauge('ess.jobs.oldest_pending.age', { description: 'How long the oldest job not yet done has waited, by queue', unit: 's' });
  const callback: BatchObservableCallback = async (result) => {
    const backlog = await read().catch(() => []);
    for (const queue of backlog) {
      result.observe(pending, queue.pending, { cola: queue.queue });
      result.observe(oldestAge, queue.oldestAgeSeconds, { cola: queue.queue });
    }
  };
  meter.addBatchObservableCallback(callback, [pending, oldestAge]);
  return () => meter.removeBatchObservableCallback(callback, [pending, oldestAge]);
}
