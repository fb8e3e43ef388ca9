// The practical limit for the employee request list on this machine: plain node:http + pg + jose,
// doing only what the contract needs (verify the RS256 token, find the employee by oid, the page
// query and the count: the very SQL and mapping the service uses).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { toSolicitudDto } from '../src/solicitudes/dto/solicitud.response.js';
import { countQuery, pageQuery } from '../src/solicitudes/solicitudes.repository.js';

export interface ReferenceOptions {
  databaseUrl: string;
  issuer: string;
  audience: string;
  jwksUri: string;
  poolSize: number;
}

/** Run as its own process by bench/run.ts, so it does not share a core with the load generator. */
export async function startReferenceServer(options: ReferenceOptions): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize });
  const keys = createRemoteJWKSet(new URL(options.jwksUri));

  const server: Server = createServer(async (request, response) => {
    try {
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const { payload } = await jwtVerify(token, keys, { issuer: options.issuer, audience: options.audience, algorithms: ['RS256'] });
      const employee = await pool.query('SELECT id_empleado FROM empleado WHERE idp_oid = $1 AND activo', [payload.oid]);
      if (!employee.rowCount) return void response.writeHead(403).end();
      const filter = { idEmpleado: employee.rows[0].id_empleado as number };
      const page = pageQuery(filter, 'newest', 10, 0);
      const count = countQuery(filter);
      const [rows, total] = await Promise.all([pool.query(page.sql, page.params), pool.query(count.sql, count.params)]);
      const body = JSON.stringify({
        status: 'success',
        // The benchmark's requests carry no uploaded files: no URL to sign.
        data: rows.rows.map((row) => toSolicitudDto(row, (url) => url)),
        pagination: { total: total.rows[0].total, pagina: 1, limite: 10, total_paginas: Math.ceil(total.rows[0].total / 10), total_exacto: true },
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch {
      response.writeHead(401).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

if (process.argv[1]?.endsWith('reference-server.ts')) {
  const { url } = await startReferenceServer(JSON.parse(process.env.REFERENCE_OPTIONS!) as ReferenceOptions);
  process.stdout.write(`${url}\n`);
}
