import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthenticatedEmployee } from './authenticated.js';

/** The employee loaded by EmployeeLoaderGuard. */
export const CurrentEmployee = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedEmployee => context.switchToHttp().getRequest<Request>().employee!,
);
