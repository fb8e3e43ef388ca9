import { call, outcome, type Reply } from '../../resilience/support/http.js';
import type { ServiceProcess } from '../../resilience/support/service-process.js';

/** The employee's main reads, as the portal's home page makes them. */
export const MAIN_READS = ['/api/empleados/me', '/api/solicitudes', '/api/empleados/me/vacaciones', '/api/notificaciones', '/api/documentos'] as const;

export type MainRead = (typeof MAIN_READS)[number];

/** Every main read on `service`; fails naming the first one not answered 200. */
export async function mainReads(service: ServiceProcess, token: string): Promise<Record<MainRead, any>> {
  const bodies = {} as Record<MainRead, any>;
  for (const path of MAIN_READS) bodies[path] = answered(await call(service.url, 'GET', path, { token }), `GET ${path} on ${service.name}`, 200);
  return bodies;
}

/** The reply's body when its status is `status`; otherwise an error naming the call and what came. */
export function answered(reply: Reply, what: string, status: number): any {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${outcome(reply)} ${JSON.stringify(reply.body ?? null).slice(0, 500)}`);
  return reply.body;
}
