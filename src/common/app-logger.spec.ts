import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import { AppLogger } from './app-logger.js';
import { runServing } from './request-context.js';
import { requestLogSerializers } from './request-log-serializers.js';

function capturing(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const root = pino({ level, serializers: requestLogSerializers }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger: new AppLogger(root), lines };
}

const request = { method: 'GET', url: '/api/solicitudes?firma=secreta', headers: { authorization: 'Bearer abc' } } as unknown as IncomingMessage;

describe('AppLogger', () => {
  it("writes Nest's context as `context` and the message as `msg`", () => {
    const { logger, lines } = capturing();
    logger.log('Listening on port 3000', 'Lifecycle');
    expect(lines).toEqual([expect.objectContaining({ level: 30, context: 'Lifecycle', msg: 'Listening on port 3000' })]);
    expect(lines[0]).not.toHaveProperty('req');
  });

  it('keeps the stack trace of Nest\'s own error calls as `err`, not as the context', () => {
    const { logger, lines } = capturing();
    const stack = 'Error: boom\n    at handler (file.js:1:1)';
    logger.error('boom', stack, 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({ level: 50, context: 'ExceptionsHandler', msg: 'boom', err: { message: 'boom', stack } });
  });

  it('logs an Error with its message and stack', () => {
    const { logger, lines } = capturing();
    logger.warn(new Error('sin conexión'), 'Database');
    expect(lines[0]).toMatchObject({ level: 40, context: 'Database', msg: 'sin conexión', err: { type: 'Error', message: 'sin conexión' } });
  });

  it('puts the request being served on a line logged while serving it, with its secrets hidden', () => {
    const { logger, lines } = capturing();
    runServing(request, () => logger.error('fallo', undefined, 'Error'));
    logger.log('después');
    expect(lines[0]).toMatchObject({ context: 'Error', req: { method: 'GET', url: '/api/solicitudes?firma=[redacted]', headers: { authorization: '[redacted]' } } });
    expect(lines[1]).not.toHaveProperty('req');
  });

  it('writes nothing below its level, and does not read the request for it', () => {
    const { logger, lines } = capturing('warn');
    const unreadable = new Proxy({} as IncomingMessage, { get: () => { throw new Error('read'); } });
    runServing(unreadable, () => logger.debug('detalle', 'Debug'));
    logger.verbose('más', 'Trace');
    expect(lines).toEqual([]);
  });
});
