import type { INestApplication } from '@nestjs/common';
import pino from 'pino';
import { AppLogger } from '../../src/common/app-logger.js';
import { waitFor } from './wait-for.js';

export interface LogLine {
  msg?: string;
  context?: string;
  req?: { id?: string; method?: string; url?: string; headers?: Record<string, string>; remoteAddress?: string };
  res?: { statusCode?: number | null; headers?: Record<string, unknown> };
  responseTime?: number;
}

export interface CapturedLogs {
  /** Everything logged since the last `clear()`, as written: JSON lines. */
  readonly text: string;
  lines(): LogLine[];
  /**
   * The lines for the finished requests to `url` ("request completed", or "request errored" for a
   * 5xx), once there are `count`: a response can reach the client before its server-side end is logged.
   */
  requestLines(url: string, count?: number): Promise<LogLine[]>;
  clear(): void;
}

/**
 * From now on, `app`'s log at level info, as production writes it, kept here instead of reaching
 * stdout. The apps under test start silent, so their start-up lines stay out of the test output; the
 * destination is replaced through pino's documented symbol.
 */
export function captureLogs(app: INestApplication): CapturedLogs {
  let text = '';
  const root = app.get(AppLogger).root;
  root.level = 'info';
  (root as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = { write: (line: string) => (text += line) };
  const lines = () => text.trimEnd().split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine);
  return {
    get text() {
      return text;
    },
    lines,
    async requestLines(url, count = 1) {
      const finished = () => lines().filter((line) => line.responseTime !== undefined && line.req?.url === url);
      await waitFor(() => finished().length >= count, 2_000).catch(() => {
        throw new Error(`${count} line(s) for ${url} not logged; the log has:\n${text}`);
      });
      return finished();
    },
    clear: () => (text = ''),
  };
}
