import { type CanActivate, type ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { apiError } from '../api-error.js';
import { SKIP_RATE_LIMIT } from './skip-rate-limit.decorator.js';

const WINDOW_MS = 60_000;

/**
 * RATE_LIMIT_PER_MINUTE requests per caller in fixed one-minute windows: the authenticated
 * employee, or the client address on public routes. Counters live in this process, so with N
 * instances behind a balancer a caller gets up to N times the limit.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const limit = this.config.rateLimitPerMinute;
    if (limit === 0 || this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const now = Date.now();
    this.rollWindow(now);
    const caller = request.employee ? `empleado:${request.employee.id_empleado}` : `ip:${request.ip}`;
    const count = (this.counts.get(caller) ?? 0) + 1;
    this.counts.set(caller, count);
    if (count <= limit) return true;
    const retryAfterSeconds = Math.ceil((this.windowStart + WINDOW_MS - now) / 1000);
    http.getResponse<Response>().setHeader('Retry-After', String(retryAfterSeconds));
    throw apiError(HttpStatus.TOO_MANY_REQUESTS, 'demasiadas_solicitudes', 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.');
  }

  /** Starting a new window drops every old counter, so memory stays bounded by one minute of callers. */
  private rollWindow(now: number): void {
    const start = now - (now % WINDOW_MS);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.counts = new Map();
    }
  }
}
