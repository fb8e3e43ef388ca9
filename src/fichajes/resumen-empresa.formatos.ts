import { csvLine, SEPARADOR_CSV, UTF8_BOM } from '../common/csv-writer.js';
import { type FilaResumenEmpresa, SUMAS, SumaResumenEmpresa } from './resumen-empresa.js';
import type { ResumenEmpresa } from './resumen-empresa.service.js';

const COLUMNAS_CSV = ['codigo', 'tiempo_parcial', ...SUMAS] as const;

/** A row with the fields in the documented order, whatever order it was built in. */
const fila = (row: FilaResumenEmpresa) => Object.fromEntries(COLUMNAS_CSV.map((columna) => [columna, row[columna]]));

/**
 * `{ success, data: { mes, empleados: [...], totales } }` as text, a batch of rows at a time: the totals come last,
 * so neither the rows nor the whole body need to be held at once.
 */
export async function* resumenEmpresaJson(resumen: ResumenEmpresa): AsyncGenerator<string> {
  const suma = new SumaResumenEmpresa();
  yield `{"success":true,"data":{"mes":${JSON.stringify(resumen.mes)},"empleados":[`;
  let primero = true;
  for await (const lote of resumen.lotes) {
    const partes = lote.map((row) => {
      suma.anadir(row);
      return JSON.stringify(fila(row));
    });
    if (partes.length === 0) continue;
    yield (primero ? '' : ',') + partes.join(',');
    primero = false;
  }
  yield `],"totales":${JSON.stringify(suma.valor)}}}`;
}

/** One header line and one line per employee (`;`-separated UTF-8 with BOM like the API's other CSVs, RFC 4180 quoting, CRLF); the totals are the columns' sums, left to the spreadsheet. */
export async function* resumenEmpresaCsv(resumen: ResumenEmpresa): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(COLUMNAS_CSV, SEPARADOR_CSV);
  for await (const lote of resumen.lotes) yield lote.map((row) => csvLine(COLUMNAS_CSV.map((columna) => row[columna]), SEPARADOR_CSV)).join('');
}
