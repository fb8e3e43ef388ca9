import PDFDocument from 'pdfkit';
import { formatZonedDateTime } from '../common/zoned-date-time.js';
import { mesEnFrase, type ResumenMensual } from './resumen.js';
import { celdasDeTotales, celdasDelDia, cifrasDelMes, COLUMNAS_DIA, NOTA_REGISTRO, NOTA_TIEMPO_PARCIAL } from './resumen-texto.js';

const MARGEN = 40;
/** Widths of COLUMNAS_DIA, in points: 507 of A4's 515 between margins. */
const ANCHOS = [58, 58, 62, 42, 42, 50, 45, 50, 50, 50];
const ALTO_FILA = 13;
const TAMANO_TABLA = 8;

/**
 * The month as an A4 PDF the worker can keep: who and which month, one row per day (at most 31), the
 * totals, how the hours split, a part-time note (ET art. 12.4.c), when it was generated and that it is the
 * register of ET art. 34.9. Helvetica, so only WinAnsi text (Spanish is): names come from the directory.
 * The document streams as it is written, and is ended here: the caller pipes it.
 */
export function resumenPdf(resumen: ResumenMensual, zonaHoraria: string, generado: Date): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: MARGEN, info: { Title: `Registro de jornada ${resumen.mes}`, Author: 'ess-api' } });
  doc.font('Helvetica-Bold').fontSize(16).text(`Registro de jornada · ${mesEnFrase(resumen.mes)}`);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`Empleado: ${resumen.nombre} (id ${resumen.id_empleado})`);
  doc.text(`Jornada: ${resumen.tiempo_parcial ? 'tiempo parcial' : 'tiempo completo'}`);
  doc.text(`Horas en la zona horaria ${zonaHoraria}; duraciones en horas:minutos.`);
  doc.moveDown();
  fila(doc, COLUMNAS_DIA, 'Helvetica-Bold');
  for (const dia of resumen.dias) fila(doc, celdasDelDia(dia, zonaHoraria), 'Helvetica');
  fila(doc, celdasDeTotales(resumen), 'Helvetica-Bold');
  doc.x = MARGEN;
  doc.moveDown().font('Helvetica').fontSize(10);
  for (const [etiqueta, valor] of cifrasDelMes(resumen)) doc.text(`${etiqueta}: ${valor}`);
  doc.moveDown();
  if (resumen.tiempo_parcial) doc.fontSize(9).text(NOTA_TIEMPO_PARCIAL).moveDown(0.5);
  doc.fontSize(9).text(`Generado el ${formatZonedDateTime(generado, zonaHoraria).slice(0, 16)} (${zonaHoraria}).`);
  doc.text(NOTA_REGISTRO);
  doc.end();
  return doc;
}

function fila(doc: PDFKit.PDFDocument, celdas: readonly string[], fuente: string): void {
  if (doc.y + ALTO_FILA > doc.page.height - MARGEN) doc.addPage();
  const y = doc.y;
  let x = MARGEN;
  doc.font(fuente).fontSize(TAMANO_TABLA);
  celdas.forEach((celda, indice) => {
    doc.text(celda, x, y, { width: ANCHOS[indice]! - 4, lineBreak: false, ellipsis: true });
    x += ANCHOS[indice]!;
  });
  doc.y = y + ALTO_FILA;
}
