import { createHash } from 'node:crypto';
import type { CalendarDate } from '../common/calendar-date.js';
import type { Modalidad, OrigenFichaje, TipoFichaje } from './fichaje-fields.js';

/** What a record's hash covers: everything it says, none of the database's own bookkeeping (id, hashes). */
export interface ContenidoFichaje {
  id_empleado: number;
  tipo: TipoFichaje;
  modalidad: Modalidad;
  instante: Date;
  fecha: CalendarDate;
  origen: OrigenFichaje;
  id_solicitud: number | null;
  sustituye: readonly (string | number)[] | null;
}

/**
 * The canonical serialisation, stable across versions: a JSON array in this fixed order, `instante` as
 * ISO 8601 UTC with milliseconds, `sustituye` as decimal strings. Changing it breaks every stored chain.
 */
export function contenidoCanonico(fichaje: ContenidoFichaje): string {
  return JSON.stringify([
    fichaje.id_empleado,
    fichaje.tipo,
    fichaje.modalidad,
    fichaje.instante.toISOString(),
    fichaje.fecha,
    fichaje.origen,
    fichaje.id_solicitud,
    fichaje.sustituye?.map(String) ?? null,
  ]);
}

/** SHA-256 over the previous record's hash (nothing for the employee's first) and the canonical content. */
export function hashFichaje(anterior: Buffer | null, fichaje: ContenidoFichaje): Buffer {
  return createHash('sha256')
    .update(anterior ?? Buffer.alloc(0))
    .update(contenidoCanonico(fichaje), 'utf8')
    .digest();
}

export type MotivoRotura = 'enlace_roto' | 'contenido_alterado';

export interface FichajeEncadenado extends ContenidoFichaje {
  id_fichaje: string;
  hash: Buffer;
  hash_anterior: Buffer | null;
}

/**
 * Walks a chain in order from a trusted link (the stored hash before the first record, or null): each
 * record must name the previous hash and hash to its own. Returns why the record breaks it, or null.
 */
export class VerificadorCadena {
  constructor(private anterior: Buffer | null) {}

  comprobar(fichaje: FichajeEncadenado): MotivoRotura | null {
    if (!sameBytes(fichaje.hash_anterior, this.anterior)) return 'enlace_roto';
    const calculado = hashFichaje(this.anterior, fichaje);
    if (!calculado.equals(fichaje.hash)) return 'contenido_alterado';
    this.anterior = calculado;
    return null;
  }
}

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b);
}
