import { type Agent, request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startStarvationMeter } from './cpu-starvation.js';

export interface TimedReply {
  /** 0 when no HTTP answer came: see `error`. */
  status: number;
  /** Wall time. */
  ms: number;
  /** Wall time less the time the service or this process waited for a CPU held by other processes. */
  ownMs: number;
  error?: string;
}

export interface TimedRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Past this, the request is abandoned and reported as `timeout`: a hung service fails the test instead of hanging it. */
  timeoutMs: number;
  /** A fresh connection (`false`), or a keep-alive pool. */
  agent: Agent | false;
  /** The service's process, whose waits for a CPU are excused. */
  servicePid: number;
}

/**
 * One HTTP call, timed from the first byte sent to the last byte read. node:http rather than fetch:
 * fetch refuses a body on a GET, and the time budget sends bodies to every operation.
 */
export function timedRequest(baseUrl: string, call: TimedRequest): Promise<TimedReply> {
  const started = performance.now();
  const starvedMs = startStarvationMeter(call.servicePid);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number, error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ms = performance.now() - started;
      resolve({ status, ms: Math.round(ms), ownMs: Math.round(ms - starvedMs()), error });
    };
    // A length, not chunks: Node's server refuses a chunked GET.
    const headers = call.body === undefined ? call.headers : { ...call.headers, 'content-length': String(Buffer.byteLength(call.body)) };
    const request = httpRequest(new URL(call.path, baseUrl), { method: call.method.toUpperCase(), headers, agent: call.agent }, (response) => {
      response.resume();
      response.on('end', () => finish(response.statusCode ?? 0));
      response.on('error', (error: NodeJS.ErrnoException) => finish(0, error.code ?? error.message));
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish(0, 'timeout');
    }, call.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish(0, error.code ?? error.message));
    request.end(call.body);
  });
}

export interface HealthPoller {
  /** Stops polling and returns every reply, in order. */
  stop(): Promise<TimedReply[]>;
}

/** GET /api/health on a fresh connection every `intervalMs`, until stopped. */
export function pollHealth(baseUrl: string, servicePid: number, intervalMs: number, timeoutMs: number): HealthPoller {
  const replies: TimedReply[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      replies.push(await timedRequest(baseUrl, { method: 'get', path: '/api/health', timeoutMs, agent: false, servicePid }));
      await sleep(intervalMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return replies;
    },
  };
}
