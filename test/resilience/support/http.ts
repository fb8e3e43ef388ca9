import { request as httpRequest } from 'node:http';

const DEFAULT_TIMEOUT_MS = 15_000;

export interface Reply {
  /** 0 when no HTTP answer came (see `error`). */
  status: number;
  body: any;
  startedAt: number;
  ms: number;
  /** The network error code (ECONNREFUSED, ECONNRESET, TimeoutError…) when status is 0. */
  error?: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  timeoutMs?: number;
}

/** One HTTP call on the shared keep-alive pool; never throws, the outcome is in the reply. */
export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const startedAt = Date.now();
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, body: parse(text), startedAt, ms: Date.now() - startedAt };
  } catch (error) {
    return { status: 0, body: undefined, startedAt, ms: Date.now() - startedAt, error: errorCode(error) };
  }
}

/** GET on a connection of its own: tells a refused connection apart from a served request. */
export function freshConnectionGet(baseUrl: string, path: string): Promise<Reply> {
  const startedAt = Date.now();
  return new Promise((done) => {
    const finish = (status: number, error?: string) => done({ status, body: undefined, startedAt, ms: Date.now() - startedAt, error });
    const request = httpRequest(`${baseUrl}${path}`, { agent: false, timeout: 5000 }, (response) => {
      response.resume();
      response.on('end', () => finish(response.statusCode ?? 0));
      response.on('error', (error) => finish(0, errorCode(error)));
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TimeoutError' })));
    request.on('error', (error) => finish(0, errorCode(error)));
    request.end();
  });
}

export const is2xx = (reply: Reply): boolean => reply.status >= 200 && reply.status < 300;

/** `200`, `409 estado_invalido` (status and error code) or the network error: what a reply amounts to. */
export function outcome(reply: Reply): string {
  if (!reply.status) return reply.error ?? 'error';
  const code = (reply.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${reply.status} ${code}` : String(reply.status);
}

/** Outcome → count, e.g. `{"200": 1, "409 estado_invalido": 49}`: failure messages show the whole distribution. */
export function outcomes(replies: Reply[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const reply of replies) counts[outcome(reply)] = (counts[outcome(reply)] ?? 0) + 1;
  return counts;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as { code?: string; name?: string }).code ?? (error as Error).name ?? String(error);
}
