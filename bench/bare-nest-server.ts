// What the employee request list costs on NestJS 12 + Express with only the work it requires: the RS256
// token checked against the JWKS (remembered until it expires, as the service does), the caller's
// employee looked up by oid, the service's own page and count SQL as named prepared statements, the
// service's JSON mapping. No logs, no rate limits, no validation pipe: the service's overhead over this
// app is what `npm run bench` reports as its ratio.
import 'reflect-metadata';
import {
  type CanActivate,
  Controller,
  type ExecutionContext,
  Get,
  Inject,
  Injectable,
  ForbiddenException,
  Module,
  Req,
  UnauthorizedException,
} from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { TokenIdentity } from '../src/auth/authenticated.js';
import { VerifiedTokenCache } from '../src/auth/verified-token-cache.js';
import { toSolicitudDto } from '../src/solicitudes/dto/solicitud.response.js';
import { EXACT_COUNT_LIMIT } from '../src/common/pagination.js';
import { countQuery, pageQuery } from '../src/solicitudes/solicitudes.repository.js';
import type { ReferenceOptions } from './reference-server.js';

const OPTIONS = Symbol('options');
const POOL = Symbol('pool');
const LIMIT = 10;

type CallerRequest = Request & { identity?: TokenIdentity; idEmpleado?: number };

@Injectable()
class TokenGuard implements CanActivate {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;
  private readonly verified = new VerifiedTokenCache(() => true);

  constructor(@Inject(OPTIONS) private readonly options: ReferenceOptions) {
    this.keys = createRemoteJWKSet(new URL(options.jwksUri));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<CallerRequest>();
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    request.identity = this.verified.get(token) ?? (await this.verify(token));
    return true;
  }

  private async verify(token: string): Promise<TokenIdentity> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, this.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: ['RS256'],
      });
      const identity: TokenIdentity = { idpOid: String(payload.oid), expiresAt: payload.exp! * 1000, signingKeyId: protectedHeader.kid! };
      this.verified.remember(token, identity);
      return identity;
    } catch {
      throw new UnauthorizedException();
    }
  }
}

@Injectable()
class EmployeeGuard implements CanActivate {
  constructor(@Inject(POOL) private readonly pool: pg.Pool) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<CallerRequest>();
    const found = await this.pool.query({
      name: 'bare-employee',
      text: 'SELECT id_empleado FROM empleado WHERE idp_oid = $1 AND activo',
      values: [request.identity!.idpOid],
    });
    if (!found.rowCount) throw new ForbiddenException();
    request.idEmpleado = found.rows[0].id_empleado as number;
    return true;
  }
}

@Controller('api/solicitudes')
class SolicitudesController {
  constructor(@Inject(POOL) private readonly pool: pg.Pool) {}

  /** The service's steps: a page of limit + 1 rows, a count only when more rows follow. */
  @Get()
  async list(@Req() request: CallerRequest): Promise<unknown> {
    const filter = { idEmpleado: request.idEmpleado! };
    const page = pageQuery(filter, 'newest', LIMIT + 1, 0);
    const rows = (await this.pool.query({ name: 'bare-page', text: page.sql, values: page.params })).rows;
    let total = rows.length;
    if (rows.length > LIMIT) {
      const count = countQuery(filter);
      total = (await this.pool.query({ name: 'bare-count', text: count.sql, values: count.params })).rows[0].total;
    }
    return {
      status: 'success',
      // The benchmark's requests carry no uploaded files: no URL to sign.
      data: rows.slice(0, LIMIT).map((row) => toSolicitudDto(row, (url) => url)),
      pagination: { total, pagina: 1, limite: LIMIT, total_paginas: Math.ceil(total / LIMIT), total_exacto: total <= EXACT_COUNT_LIMIT },
    };
  }
}

export async function startBareNestServer(options: ReferenceOptions): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize });
  @Module({
    controllers: [SolicitudesController],
    providers: [
      { provide: OPTIONS, useValue: options },
      { provide: POOL, useValue: pool },
      { provide: APP_GUARD, useClass: TokenGuard },
      { provide: APP_GUARD, useClass: EmployeeGuard },
    ],
  })
  class BareModule {}
  const app = await NestFactory.create<NestExpressApplication>(BareModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`,
    async stop() {
      await app.close();
      await pool.end();
    },
  };
}

if (process.argv[1]?.endsWith('bare-nest-server.ts')) {
  const server = await startBareNestServer(JSON.parse(process.env.REFERENCE_OPTIONS!) as ReferenceOptions);
  // An exit of its own, so that a CPU profile (--cpu-prof) is written.
  process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
  process.stdout.write(`${server.url}\n`);
}
