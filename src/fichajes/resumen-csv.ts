import { csvLine, SEPARADOR_CSV, UTF8_BOM } from '../common/csv-writer.js';
import type { ResumenMensual } from './resumen.js';
import { celdasDeTotales, celdasDelDia, cifrasDelMes, COLUMNAS_DIA, NOTA_REGISTRO, NOTA_TIEMPO_PARCIAL } from './resumen-texto.js';
import { mesEnFrase } from './resumen.js';


/**
 * The month as a spreadsheet opens it: UTF-8 with a BOM, `;`-separated, CRLF. A heading block (employee,
 * month, part-time), a blank line, one row per day under COLUMNAS_DIA and a totals row, then the month's
 * figures. Times are the centre's wall clock (HH:MM); durations H:MM.
 */
export function resumenCsv(resumen: ResumenMensual, zonaHoraria: string): string {
  const linea = (celdas: readonly (string | number)[]) => csvLine(celdas, SEPARADOR_CSV);
  return [
    UTF8_BOM,
    linea(['Registro de jornada', NOTA_REGISTRO]),
    linea(['Empleado', resumen.nombre]),
    linea(['Id empleado', resumen.id_empleado]),
    linea(['Mes', mesEnFrase(resumen.mes)]),
    linea(['Tiempo parcial', resumen.tiempo_parcial ? 'Sí' : 'No']),
    linea(['Zona horaria', zonaHoraria]),
    ...(resumen.tiempo_parcial ? [linea(['Nota', NOTA_TIEMPO_PARCIAL])] : []),
    '\r\n',
    linea(COLUMNAS_DIA),
    ...resumen.dias.map((dia) => linea(celdasDelDia(dia, zonaHoraria))),
    linea(celdasDeTotales(resumen)),
    '\r\n',
    ...cifrasDelMes(resumen).map(linea),
  ].join('');
}
