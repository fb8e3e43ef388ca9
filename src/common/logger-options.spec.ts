import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { logDestination, prettyLogs } from './logger-options.js';
import { requestLogSerializers } from './request-log-serializers.js';

describe('log output', () => {
  it('writes one readable line per entry for a person: level, context and message, no JSON', async () => {
    const output = new PassThrough();
    const logger = pino(prettyLogs(output));

    logger.info({ context: 'DemoDataSeeder' }, 'Demo employee created: Lucía Fernández (demo-empleado)');
    logger.info({ req: { method: 'GET', url: '/api/empleados/me' }, res: { statusCode: 200 }, responseTime: 4 }, 'request completed');

    const lines = String(output.read()).trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: \[DemoDataSeeder\] Demo employee created: Lucía Fernández \(demo-empleado\)$/),
      expect.stringMatching(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: GET \/api\/empleados\/me 200 4 ms request completed$/),
    ]);
  });

  it("shows a request's URL in the readable format with its secret parameters hidden", () => {
    const output = new PassThrough();
    const logger = pino({ serializers: requestLogSerializers }, prettyLogs(output));
    const request = { method: 'GET', url: '/api/calendario.ics?clave=k3y-del-calendario', headers: {} } as IncomingMessage;

    logger.info({ req: request, res: { headersSent: true, statusCode: 200, getHeaders: () => ({}) }, responseTime: 3 }, 'request completed');

    const line = String(output.read());
    expect(line).toMatch(/INFO: GET \/api\/calendario\.ics\?clave=\[redacted\] 200 3 ms request completed$/m);
    expect(line).not.toContain('k3y-del-calendario');
  });

  it.each([
    ['production on a terminal', true, true],
    ['development writing to a file or a pipe', false, false],
  ])('stays JSON in %s', (_case, production, isTTY) => {
    expect(logDestination({ production }, { isTTY })).toBe(logDestination({ production: true }, { isTTY: false }));
  });

  it('is readable in development on a terminal', () => {
    expect(logDestination({ production: false }, { isTTY: true })).not.toBe(logDestination({ production: true }, { isTTY: false }));
  });
});
