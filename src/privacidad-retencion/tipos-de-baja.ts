import type { EntityManager } from 'typeorm';
import { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import type { TipoDatoConservado } from '../config/app-config.js';
import { apartar, FILAS_POR_LOTE } from './apartar.js';
import { apartarArchivos, apartarDelEmpleado, apartarSolicitudes, type DatosDeBaja } from './apartar-solicitudes.js';
import type { Informe } from './informe.js';

type Manager = Pick<EntityManager, 'query'>;

/**
 * A kind of a leaver's data, kept for its years after `fecha_baja`. One employee's rows of a kind are set aside
 * whole, a batch per statement (so a vacation ledger never goes half), however far past the run's budget: the
 * budget is checked between employees.
 */
export interface TipoDeBaja {
  tipo: TipoDatoConservado;
  /** SQL over `empleado e`: something of this kind is still live. */
  pendiente: string;
  apartar(manager: Manager, datos: DatosDeBaja, informe: Informe): Promise<void>;
}

const CORRECCION = TipoSolicitudId.CorreccionFichaje;

/** Batches of one employee's requests, of the correction type or of every other, until none is left. */
async function porLotesDeSolicitudes(manager: Manager, datos: DatosDeBaja, correcciones: boolean, informe: Informe): Promise<void> {
  for (;;) {
    const rows: { id_solicitud: number }[] = await manager.query(
      `SELECT id_solicitud FROM solicitud WHERE id_empleado = $1 AND (id_tipo_solicitud = $2) = $3 ORDER BY id_solicitud LIMIT $4`,
      [datos.idEmpleado, CORRECCION, correcciones, FILAS_POR_LOTE],
    );
    if (!rows.length) return;
    await apartarSolicitudes(manager, datos, rows.map((row) => row.id_solicitud), informe);
  }
}

/**
 * Requests, their attachments, and the vacation ledger: allocations go with the requests that were deducted
 * from them, in the same transaction, so no remaining total refers to a missing row.
 */
const solicitudes: TipoDeBaja = {
  tipo: 'solicitudes',
  pendiente: `(EXISTS (SELECT 1 FROM solicitud s WHERE s.id_empleado = e.id_empleado AND s.id_tipo_solicitud <> ${CORRECCION})
    OR EXISTS (SELECT 1 FROM vacaciones v WHERE v.id_empleado = e.id_empleado))`,
  async apartar(manager, datos, informe) {
    await porLotesDeSolicitudes(manager, datos, false, informe);
    await apartarDelEmpleado(manager, datos, 'vacaciones', ['id_vacaciones'], informe);
  },
};

const documentos: TipoDeBaja = {
  tipo: 'documentos',
  pendiente: 'EXISTS (SELECT 1 FROM documento d WHERE d.id_empleado = e.id_empleado)',
  async apartar(manager, datos, informe) {
    for (;;) {
      const rows: { id_documento: number; id_archivo: number | null }[] = await manager.query(
        `SELECT id_documento, id_archivo FROM documento WHERE id_empleado = $1 ORDER BY id_documento LIMIT $2`,
        [datos.idEmpleado, FILAS_POR_LOTE],
      );
      if (!rows.length) return;
      const ids = rows.map((row) => row.id_documento);
      await apartar(
        manager,
        { tipo: datos.tipo, tabla: 'documento', clave: ['id_documento'], donde: 't.id_documento = ANY($3)', params: [ids, datos.idEmpleado, datos.purgarDesde], idEmpleado: '$4::int', purgarDesde: '$5' },
        informe,
      );
      await apartarArchivos(manager, datos, rows.flatMap((row) => (row.id_archivo === null ? [] : [row.id_archivo])), informe);
    }
  },
};

/** The time register (ET art. 34.9): punches, proposed corrections and the requests that carried them, incomplete days. */
const fichajes: TipoDeBaja = {
  tipo: 'fichajes',
  pendiente: `(EXISTS (SELECT 1 FROM fichaje f WHERE f.id_empleado = e.id_empleado)
    OR EXISTS (SELECT 1 FROM fichaje_dia_incompleto i WHERE i.id_empleado = e.id_empleado)
    OR EXISTS (SELECT 1 FROM solicitud s WHERE s.id_empleado = e.id_empleado AND s.id_tipo_solicitud = ${CORRECCION}))`,
  async apartar(manager, datos, informe) {
    // Punches and corrections reference the correction requests: they go first.
    await apartarDelEmpleado(manager, datos, 'fichaje', ['id_fichaje'], informe);
    await apartar(
      manager,
      {
        tipo: datos.tipo,
        tabla: 'correccion_fichaje',
        clave: ['id_solicitud'],
        donde: `t.id_solicitud IN (SELECT s.id_solicitud FROM solicitud s WHERE s.id_empleado = $3 AND s.id_tipo_solicitud = ${CORRECCION})`,
        params: [datos.idEmpleado, datos.purgarDesde],
        idEmpleado: '$3::int',
        purgarDesde: '$4',
      },
      informe,
    );
    await apartarDelEmpleado(manager, datos, 'fichaje_dia_incompleto', ['id_empleado', 'fecha'], informe);
    await porLotesDeSolicitudes(manager, datos, true, informe);
  },
};

/** The leaver's notification settings; the notifications themselves go by their own date (tipos-por-fecha.ts). */
const notificaciones: TipoDeBaja = {
  tipo: 'notificaciones',
  pendiente: `(EXISTS (SELECT 1 FROM preferencia_notificacion p WHERE p.id_empleado = e.id_empleado)
    OR EXISTS (SELECT 1 FROM resumen_diario r WHERE r.id_empleado = e.id_empleado))`,
  async apartar(manager, datos, informe) {
    await apartarDelEmpleado(manager, datos, 'preferencia_notificacion', ['id_empleado', 'id_tipo_notificacion'], informe);
    await apartarDelEmpleado(manager, datos, 'resumen_diario', ['id_empleado'], informe);
  },
};

/** What the employee record accumulated: change history, delegations, SCIM names, schedules, the calendar link. */
const historial: TipoDeBaja = {
  tipo: 'historial',
  pendiente: `(EXISTS (SELECT 1 FROM historial_empleado h WHERE h.id_empleado = e.id_empleado)
    OR EXISTS (SELECT 1 FROM delegacion d WHERE e.id_empleado IN (d.id_delegante, d.id_delegado))
    OR EXISTS (SELECT 1 FROM empleado_scim s WHERE s.id_empleado = e.id_empleado)
    OR EXISTS (SELECT 1 FROM empleado_jornada j WHERE j.id_empleado = e.id_empleado)
    OR EXISTS (SELECT 1 FROM calendario_enlace c WHERE c.id_empleado = e.id_empleado))`,
  async apartar(manager, datos, informe) {
    await apartarDelEmpleado(manager, datos, 'historial_empleado', ['id_historial'], informe);
    await apartar(
      manager,
      {
        tipo: datos.tipo,
        tabla: 'delegacion',
        clave: ['id_delegacion'],
        donde: '$3::int IN (t.id_delegante, t.id_delegado)',
        params: [datos.idEmpleado, datos.purgarDesde],
        idEmpleado: '$3::int',
        purgarDesde: '$4',
      },
      informe,
    );
    await apartarDelEmpleado(manager, datos, 'empleado_scim', ['id_empleado'], informe);
    await apartarDelEmpleado(manager, datos, 'empleado_jornada', ['id_empleado_jornada'], informe);
    await apartarDelEmpleado(manager, datos, 'calendario_enlace', ['id_empleado'], informe);
  },
};

/** In this order: a kind's rows may reference the next kind's (a correction's punches, its request). */
export const TIPOS_DE_BAJA: readonly TipoDeBaja[] = [solicitudes, documentos, fichajes, notificaciones, historial];
