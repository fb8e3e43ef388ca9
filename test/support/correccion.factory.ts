import type { DataSource } from 'typeorm';
import { insertSolicitud } from './solicitud.factory.js';

/**
 * A pending correction of the register (type 6) inserted directly, for tests about deciding it: the day
 * `fecha` worked 08:00–16:00 UTC, proposed by `idProponente` (the company's when not the owner).
 */
export async function insertCorreccion(db: DataSource, idEmpleado: number, idProponente: number, fecha: string): Promise<number> {
  const id = await insertSolicitud(db, idEmpleado, { idTipo: 6, fechaInicio: fecha, fechaFin: fecha, dias: null });
  const fichajes = [
    { tipo: 'entrada', instante: `${fecha}T08:00:00.000Z`, modalidad: 'presencial' },
    { tipo: 'salida', instante: `${fecha}T16:00:00.000Z`, modalidad: 'presencial' },
  ];
  await db.query(`INSERT INTO correccion_fichaje (id_solicitud, fecha, propuesta_por, id_proponente, fichajes, motivo) VALUES ($1, $2, $3, $4, $5::jsonb, 'Olvido.')`, [
    id,
    fecha,
    idProponente === idEmpleado ? 'empleado' : 'empresa',
    idProponente,
    JSON.stringify(fichajes),
  ]);
  return id;
}
