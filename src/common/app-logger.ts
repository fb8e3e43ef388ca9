import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { requestBeingServed } from './request-context.js';

/** A stack trace as Nest's own error calls pass it: `error(message, stack, context)`. */
const STACK_TRACE = /\n\s*at /;

/**
 * Nest's logger interface over pino: `[context]` goes to the `context` field, an Error to `err`, and a
 * line logged while a request is served carries that request (`req`, serialized only when written).
 */
export class AppLogger implements LoggerService {
  constructor(readonly root: Logger) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    this.write('info', message, optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.write('error', message, optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.write('warn', message, optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.write('debug', message, optionalParams);
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.write('trace', message, optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.write('fatal', message, optionalParams);
  }

  private write(level: Level, message: unknown, optionalParams: unknown[]): void {
    if (!this.root.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const request = requestBeingServed();
    if (request) fields.req = request;
    // Nest passes the logger's context last, after the stack trace of its own error calls.
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && !STACK_TRACE.test(context)) fields.context = context;
    const stack = optionalParams.find((param): param is string => typeof param === 'string' && STACK_TRACE.test(param));
    if (message instanceof Error) {
      this.root[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.root[level]({ ...fields, ...message });
    } else if (stack) {
      this.root[level]({ ...fields, err: Object.assign(new Error(String(message)), { stack }) }, String(message));
    } else {
      this.root[level](fields, String(message));
    }
  }
}
