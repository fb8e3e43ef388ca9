import { HttpStatus } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { EventEmitter } from 'node:events';
import type { AppConfig } from '../../config/app-config.js';
import { AuthenticatedAttemptGuard } from './authenticated-attempt.guard.js';
import { FailedAttemptGuard } from './failed-attempt.guard.js';
import { ApiFailedAttempts } from './failed-attempt-limiter.js';
import { MemoryWindowCounter } from './memory-window-counter.js';

class Routes {
  protected(): void {}
}

const BUDGET = 2;

describe('FailedAttemptGuard and AuthenticatedAttemptGuard', () => {
  let first: FailedAttemptGuard;
  let afterEmployee: AuthenticatedAttemptGuard;

  beforeEach(() => {
    const config = { authFailures: { limit: BUDGET, windowMs: 60_000 } } as AppConfig;
    first = new FailedAttemptGuard(new Reflector(), new ApiFailedAttempts(new MemoryWindowCounter(), config));
    afterEmployee = new AuthenticatedAttemptGuard();
  });

  /** One request from 10.0.0.1 through the guards, ending with `status`; `authenticated` means the employee was loaded. */
  const request = async (status: number, authenticated = false) => {
    const req = { ip: '10.0.0.1', socket: {} } as Request;
    const headers: Record<string, string> = {};
    const res = Object.assign(new EventEmitter(), { statusCode: 200, setHeader: (name: string, value: string) => (headers[name] = value) });
    const context = new ExecutionContextHost([req, res], Routes, Routes.prototype.protected);
    await first.canActivate(context);
    if (authenticated) {
      req.employee = { id_empleado: 1 } as Request['employee'];
      afterEmployee.canActivate(context);
    }
    (res as unknown as Response).statusCode = status;
    res.emit('finish');
    await Promise.resolve();
    return headers;
  };

  it('spends the budget on failures and then refuses the address', async () => {
    for (let i = 0; i < BUDGET; i += 1) await request(HttpStatus.UNAUTHORIZED);
    await expect(request(HttpStatus.UNAUTHORIZED)).rejects.toBeInstanceOf(ThrottlerException);
  });

  it('never counts an attempt that authenticated, whatever its answer', async () => {
    for (let i = 0; i < 3 * BUDGET; i += 1) await request(i % 2 ? HttpStatus.OK : HttpStatus.FORBIDDEN, true);
    for (let i = 0; i < BUDGET; i += 1) await request(HttpStatus.UNAUTHORIZED);
    await expect(request(HttpStatus.UNAUTHORIZED)).rejects.toBeInstanceOf(ThrottlerException);
  });

  it('does not count a server error before the employee was loaded (a database outage is not the caller failing)', async () => {
    for (let i = 0; i < 3 * BUDGET; i += 1) await request(HttpStatus.SERVICE_UNAVAILABLE);
    await expect(request(HttpStatus.UNAUTHORIZED)).resolves.toEqual({});
  });
});
