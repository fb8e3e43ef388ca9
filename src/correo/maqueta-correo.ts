import { escapeHtml } from './html-escape.js';

/** What one e-mail says, in the order it says it; every text is plain and escaped here for the HTML body. */
export interface ContenidoCorreo {
  titulo: string;
  nombre: string;
  parrafos: readonly string[];
  lista?: readonly string[];
  /** Said after the list. */
  notas?: readonly string[];
  accion: string;
  enlace: string;
  pie: string;
}

/** The portal's e-mail layout, as plain text and as HTML: a greeting, the paragraphs, a list, a button to the portal and a footer. */
export function maquetarCorreo(contenido: ContenidoCorreo): { texto: string; html: string } {
  const { titulo, nombre, parrafos, lista = [], notas = [], accion, enlace, pie } = contenido;
  const texto = [
    `Hola, ${nombre}:`,
    ...parrafos.flatMap((parrafo) => ['', parrafo]),
    ...(lista.length ? ['', ...lista.map((item) => `- ${item}`)] : []),
    ...notas.flatMap((nota) => ['', nota]),
    '',
    `${accion}: ${enlace}`,
    '',
    '--',
    pie,
  ].join('\n');
  const html = [
    '<!DOCTYPE html>',
    `<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(titulo)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; color: #1f2937; max-width: 600px;">',
    `<h1 style="font-size: 18px;">${escapeHtml(titulo)}</h1>`,
    `<p>Hola, ${escapeHtml(nombre)}:</p>`,
    ...parrafos.map((parrafo) => `<p>${escapeHtml(parrafo)}</p>`),
    ...(lista.length ? ['<ul>', ...lista.map((item) => `<li>${escapeHtml(item)}</li>`), '</ul>'] : []),
    ...notas.map((nota) => `<p>${escapeHtml(nota)}</p>`),
    `<p><a href="${escapeHtml(enlace)}" style="background: #1d4ed8; color: #ffffff; padding: 10px 16px; text-decoration: none; border-radius: 4px;">${escapeHtml(accion)}</a></p>`,
    `<p style="color: #6b7280; font-size: 12px;">${escapeHtml(pie)}</p>`,
    '</body></html>',
  ].join('\n');
  return { texto, html };
}
