import { escapeHtml } from '../correo/html-escape.js';
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
  const lineas = resumen.pendientes.map(linea);
  const resto = resumen.total - resumen.pendientes.length;
  const mas = resto > 0 ? `y ${resto} más.` : null;
  const texto = [`Hola, ${resumen.nombre}:`, '', `${asunto}:`, '', ...lineas.map((l) => `- ${l}`), ...(mas ? [mas] : []), '', `Decídelas en el portal: ${enlace}`, '', '--', PIE].join('\n');
  const html = [
    '<!DOCTYPE html>',
    `<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(asunto)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; color: #1f2937;">',
    `<p>Hola, ${escapeHtml(resumen.nombre)}:</p>`,
    `<p>${escapeHtml(asunto)}:</p>`,
    '<ul>',
    ...lineas.map((l) => `<li>${escapeHtml(l)}</li>`),
    '</ul>',
    ...(mas ? [`<p>${escapeHtml(mas)}</p>`] : []),
    `<p><a href="${escapeHtml(enlace)}">Decídelas en el portal</a></p>`,
    `<p style="color: #6b7280; font-size: 12px;">${PIE}</p>`,
    '</body></html>',
  ].join('\n');
  return { para: resumen.correo, asunto, texto, html, messageId };
}
