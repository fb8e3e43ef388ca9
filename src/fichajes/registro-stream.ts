import { Readable } from 'node:stream';
import type { CalendarDate } from '../common/calendar-date.js';
import type { FormatoRegistro, LectorRegistro, RegistroFila } from './registro-fila.js';
import { SERIALIZACIONES, toRegistroSalida } from './registro-formato.js';

/** Records read and written at a time: memory stays bounded whatever the period holds. */
export const LOTE_REGISTRO = 5_000;

export interface PeticionRegistro {
  desde: CalendarDate;
  hasta: CalendarDate;
  formato: FormatoRegistro;
  /** For records whose employee has no centre: COMPANY_TIMEZONE. */
  zonaPorDefecto: string;
}

/**
 * The register of a period as a stream of text, one chunk per page of records. The first page is read before
 * the stream is returned, so a failing database is a normal error answer rather than a cut download. The next
 * page is only read when the consumer asks for more (a piped response whose client reads slowly stops asking),
 * and nothing more is read once the stream is destroyed (the client went away).
 */
export async function registroStream(lector: LectorRegistro, peticion: PeticionRegistro, lote = LOTE_REGISTRO): Promise<Readable> {
  const { desde, hasta } = peticion;
  const primera = await lector.pagina(desde, hasta, null, lote);
  return Readable.from(chunks(lector, peticion, primera, lote), { objectMode: false, highWaterMark: 1 });
}

async function* chunks(lector: LectorRegistro, peticion: PeticionRegistro, primera: RegistroFila[], lote: number): AsyncGenerator<string> {
  const formato = SERIALIZACIONES[peticion.formato];
  let pagina = primera;
  let primero = true;
  let text = formato.inicio;
  for (;;) {
    for (const fila of pagina) {
      text += formato.registro(toRegistroSalida(fila, peticion.zonaPorDefecto), primero);
      primero = false;
    }
    if (text) yield text;
    text = '';
    const ultima = pagina.at(-1);
    if (pagina.length < lote || !ultima) break;
    pagina = await lector.pagina(peticion.desde, peticion.hasta, { id_empleado: ultima.id_empleado, id_fichaje: ultima.id_fichaje }, lote);
  }
  if (formato.fin) yield formato.fin;
}
