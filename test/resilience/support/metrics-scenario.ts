import { mondayInWeeks } from '../../support/dates.js';
import { call } from './http.js';
import type { OneInstance } from './one-instance.js';
import { ROL_ADMINISTRADOR } from './seed.js';

/** What the service's request metrics count: an employee asks for a day of remote work and an Admin approves it. */
export async function createAndApproveTeletrabajo(env: OneInstance): Promise<void> {
  const owner = await env.seed.empleado();
  const admin = await env.seed.empleado(ROL_ADMINISTRADOR);
  const fecha = mondayInWeeks(6);
  const created = await call(env.service.url, 'POST', '/api/solicitudes/teletrabajo', { token: await env.idp.token(owner.oid), body: { fecha_inicio: fecha, fecha_fin: fecha } });
  expect(created.status).toBe(201);
  const approved = await call(env.service.url, 'PUT', `/api/solicitudes/${created.body.id_solicitud}/aprobar`, { token: await env.idp.token(admin.oid), body: {} });
  expect(approved.status).toBe(200);
}
