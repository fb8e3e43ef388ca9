// How the SPA calls ess-api with the types generated from openapi.json (`npm run client`);
// `npm run typecheck` checks it, so a contract change that breaks the SPA's calls fails CI.
import createClient from 'openapi-fetch';
import type { components, paths } from './ess-api.js';

export type Solicitud = components['schemas']['SolicitudDto'];

export function essApiClient(baseUrl: string, accessToken: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${accessToken}` } });
}

type EssApiClient = ReturnType<typeof essApiClient>;

/** An employee asks for vacation days; the answer names the new request's id. */
export async function requestVacation(api: EssApiClient, fecha_inicio: string, fecha_fin: string): Promise<number> {
  const { data, error } = await api.POST('/api/solicitudes/vacaciones', { body: { fecha_inicio, fecha_fin } });
  if (error) throw new Error(error.message);
  return data.id_solicitud;
}

/** An administrator reads the pending requests, page by page. */
export async function pendingRequests(api: EssApiClient, pagina = 1): Promise<Solicitud[]> {
  const { data, error } = await api.GET('/api/solicitudes/admin/pendientes', { params: { query: { pagina, limite: 20 } } });
  if (error) throw new Error(error.message);
  return data.data;
}

/** An administrator approves one; the comment is optional. */
export async function approve(api: EssApiClient, id: number, comentario?: string): Promise<Solicitud> {
  const { data, error } = await api.PUT('/api/solicitudes/{id}/aprobar', { params: { path: { id } }, body: comentario ? { comentario } : undefined });
  if (error) throw new Error(error.message);
  return data.data;
}
