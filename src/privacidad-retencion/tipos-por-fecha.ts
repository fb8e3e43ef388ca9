import type { EntityManager } from 'typeorm';
import type { TipoDatoConservado } from '../config/app-config.js';
import { apartar } from './apartar.js';
import type { Informe } from './informe.js';

/** A kind kept for its years after each record's own date, whoever it is about, active or not. */
interface TipoPorFecha {
  tipo: TipoDatoConservado;
  tabla: string;
  clave: string;
  /** The column of the record's instant. */
  instante: string;
  /** The column of whose data it is. */
  titular: string;
}

/**
 * Notifications (the record's date: nothing about them needs keeping longer) and the access log, kept long
 * enough for the worker to see who looked at their data and for the company to answer for it.
 */
export const TIPOS_POR_FECHA: readonly TipoPorFecha[] = [
  { tipo: 'notificaciones', tabla: 'notificacion', clave: 'id_notificacion', instante: 'fecha_creacion', titular: 'id_usuario' },
  { tipo: 'accesos', tabla: 'acceso_datos', clave: 'id_acceso', instante: 'instante', titular: 'id_titular' },
];

/**
 * Sets aside the records whose date (in `zona`) plus `anios` years is `hoy` or earlier: those before the start of
 * the day `hoy - anios years + 1`, which walks the instant's index. Each is purged `bloqueoAnios` later still.
 */
export async function apartarPorFecha(
  manager: Pick<EntityManager, 'query'>,
  { tipo, tabla, clave, instante, titular }: TipoPorFecha,
  plazo: { hoy: string; anios: number; bloqueoAnios: number; zona: string },
  informe: Informe,
): Promise<void> {
  const fecha = `(t.${instante} AT TIME ZONE $4::text)::date`;
  await apartar(
    manager,
    {
      tipo,
      tabla,
      clave: [clave],
      donde: `t.${instante} < ((($3::date - make_interval(years => $5::int))::date + 1)::timestamp AT TIME ZONE $4::text)`,
      params: [plazo.hoy, plazo.zona, plazo.anios, plazo.anios + plazo.bloqueoAnios],
      idEmpleado: `t.${titular}`,
      purgarDesde: `${fecha} + make_interval(years => $6::int)`,
      acotado: true,
    },
    informe,
  );
}
