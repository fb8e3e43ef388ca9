import { maquetarCorreo } from '../correo/maqueta-correo.js';
import type { MensajeCorreo } from '../correo/mensaje-correo.js';
import type { Resumen } from './resumen-diario.repository.js';

/** Where the portal lists what waits on the approver. */
export const RUTA_APROBACIONES = '/aprobaciones';

const PIE = 'Recibes este resumen porque lo elegiste en Preferencias de notificación del portal, en lugar de un correo por cada solicitud.';

function fecha(iso: string): string {
  const [anio, mes, dia] = iso.split('-');
  return `${dia}/${mes}/${anio}`;
}

function linea(p: Resumen['pendientes'][number]): string {
  const fechas = p.fecha_inicio ? ` del ${fecha(p.fecha_inicio)} al ${fecha(p.fecha_fin ?? p.fecha_inicio)}` : '';
  return `${p.solicitante}: ${p.cancelacion ? 'cancelación de ' : ''}${p.tipo.toLowerCase()}${fechas}`;
}

/** One e-mail listing what waits on the approver: only what the approvals page already shows them. */
export function correoDeResumen(resumen: Resumen, appBaseUrl: string, messageId: string): MensajeCorreo {
  const enlace = `${appBaseUrl.replace(/\/+$/, '')}${RUTA_APROBACIONES}`;
  const asunto = resumen.total === 1 ? 'Tienes 1 solicitud pendiente de tu decisión' : `Tienes ${resumen.total} solicitudes pendientes de tu decisión`;
  const resto = resumen.total - resumen.pendientes.length;
  const mas = resto > 0 ? `y ${resto} más.` : null;
  const { texto, html } = maquetarCorreo({
    titulo: asunto,
    nombre: resumen.nombre,
    parrafos: [`${asunto}:`],
    lista: resumen.pendientes.map(linea),
    notas: mas ? [mas] : [],
    accion: 'Decídelas en el portal',
    enlace,
    pie: PIE,
  });
  return { para: resumen.correo, asunto, texto, html, messageId };
}
