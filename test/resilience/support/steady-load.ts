import { setTimeout as sleep } from 'node:timers/promises';
import { addDays, mondayInWeeks } from '../../support/dates.js';
import { call, type Reply } from './http.js';

export interface Sample extends Reply {
  kind: 'write' | 'read';
}

export interface SteadyLoadOptions {
  baseUrl: string;
  /** One token per worker, each of a different employee, so their dates never collide. */
  tokens: string[];
  /** Hard bounds, whatever happens to `stop()`. */
  maxRequestsPerWorker: number;
  maxDurationMs: number;
  /** Per request; a request still unanswered then counts as failed (status 0, TimeoutError). */
  timeoutMs: number;
  pauseMs: number;
}

/** The `n`-th weekday from next Monday on. */
export function nthWeekday(n: number): string {
  return addDays(mondayInWeeks(1), Math.floor(n / 5) * 7 + (n % 5));
}

/**
 * Workers that alternate a write (POST /api/solicitudes/permisos for a day no earlier request of
 * theirs used) and a read (GET /api/solicitudes), each waiting for its answer, until stopped.
 */
export class SteadyLoad {
  private readonly samples: Sample[] = [];
  private stopping = false;
  private readonly finished: Promise<unknown>;

  constructor(private readonly options: SteadyLoadOptions) {
    const deadline = Date.now() + options.maxDurationMs;
    this.finished = Promise.all(options.tokens.map((token) => this.work(token, deadline)));
  }

  /** Issues no further request; the outstanding ones go on. */
  halt(): void {
    this.stopping = true;
  }

  /** Halts and resolves with every sample once the outstanding requests are answered. */
  async stop(): Promise<Sample[]> {
    this.halt();
    await this.finished;
    return this.samples;
  }

  private async work(token: string, deadline: number): Promise<void> {
    const { baseUrl, timeoutMs } = this.options;
    for (let i = 0; i < this.options.maxRequestsPerWorker && !this.stopping && Date.now() < deadline; i += 1) {
      if (i % 2 === 0) {
        const day = nthWeekday(i / 2);
        const body = { fecha_inicio: day, fecha_fin: day, descripcion: 'carga' };
        this.samples.push({ kind: 'write', ...(await call(baseUrl, 'POST', '/api/solicitudes/permisos', { token, body, timeoutMs })) });
      } else {
        this.samples.push({ kind: 'read', ...(await call(baseUrl, 'GET', '/api/solicitudes', { token, timeoutMs })) });
      }
      await sleep(this.options.pauseMs);
    }
  }
}
