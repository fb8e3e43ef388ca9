import { RolId } from '../../../src/catalogs/rol.entity.js';
import type { Empleado } from '../../../src/empleados/entities/empleado.entity.js';
import { currentYear } from '../../support/dates.js';
import { insertComunicado, minutesFromNow } from '../../support/comunicado.factory.js';
import { insertDelegacion } from '../../support/delegacion.factory.js';
import { insertAccesoInspeccion } from '../../support/registro.factory.js';
import { NotificacionFactory } from '../../support/notificacion.factory.js';
import { insertSolicitud } from '../../support/solicitud.factory.js';
import type { TestApp } from '../../support/test-app.js';

/** Who sends a fuzzed request: every role, so both the admin paths and the ownership checks are reached. */
export type CallerName = 'empleado' | 'admin' | 'superAdmin' | 'representante';

export type Resource =
  | 'solicitud'
  | 'comunicado'
  | 'diaFestivo'
  | 'centroTrabajo'
  | 'jornada'
  | 'documento'
  | 'notificacion'
  | 'empleado'
  | 'empleadoEditable'
  | 'delegacion'
  | 'accesoInspeccion';

/** An employee whose e-mail and oid every creation in the fuzz run collides with. */
export const EMPLEADO_FIJO = { correo: 'fijo@example.com', idp_oid: '0f8a4c3e-5b7d-4f1a-9c2e-6d3b8a1f0e47' };

export interface FuzzWorld {
  empleados: Record<CallerName | 'otro', Empleado>;
  tokens: Record<CallerName, string>;
  /** Identifiers that exist, so fuzzed paths and bodies also hit real rows. */
  ids: Record<Resource, number[]>;
}

/** A little of everything, owned by several employees, for the fuzzer to find. */
export async function seedWorld(t: TestApp): Promise<FuzzWorld> {
  const year = currentYear();
  const vacaciones = { [year]: { asignados: 22 }, [year + 1]: { asignados: 22 } };
  const empleados = {
    empleado: await t.factories.empleado({ nombre: 'José García Núñez', vacaciones }),
    otro: await t.factories.empleado({ nombre: 'Ana O’Connor', vacaciones }),
    admin: await t.factories.admin({ nombre: 'Martín López', vacaciones }),
    superAdmin: await t.factories.superAdmin({ nombre: 'Sofía Ramírez', vacaciones }),
    representante: await t.factories.empleado({ nombre: 'Rita Delegada', vacaciones, idRol: RolId.Representante }),
  };
  const inactivo = await t.factories.empleado({ activo: false });
  const editable = await t.factories.empleado({ nombre: 'Eva Editable', vacaciones });
  await t.factories.empleado({ correo: EMPLEADO_FIJO.correo, idpOid: EMPLEADO_FIJO.idp_oid });

  const solicitudes: number[] = [];
  for (const owner of [empleados.empleado, empleados.otro, empleados.admin]) {
    for (const idTipo of [1, 2, 3, 4, 5]) {
      solicitudes.push(await insertSolicitud(t.db, owner.id_empleado, { idTipo, descripcion: `Viaje familiar de ${owner.nombre}` }));
    }
    for (const idEstado of [2, 3, 4]) solicitudes.push(await insertSolicitud(t.db, owner.id_empleado, { idTipo: 2, idEstado }));
  }

  const notificaciones = new NotificacionFactory(t.db);
  const notificacionIds: number[] = [];
  for (const owner of [empleados.empleado, empleados.otro, empleados.admin, empleados.superAdmin]) {
    for (const notificacion of await notificaciones.muchas(owner.id_empleado, 3)) notificacionIds.push(notificacion.id_notificacion);
  }

  const comunicados = [
    await insertComunicado(t.db, { idAutor: empleados.admin.id_empleado }),
    await insertComunicado(t.db, { activo: false }),
    await insertComunicado(t.db, { fechaPublicacion: minutesFromNow(60 * 24 * 30) }),
  ];

  const festivos: { id_dia_festivo: number }[] = await t.db.query(
    `INSERT INTO dia_festivo (fecha, nombre) VALUES ($1, 'Año Nuevo'), ($2, 'Navidad'), ($3, 'Inmaculada Concepción') RETURNING id_dia_festivo`,
    [`${year + 1}-01-01`, `${year}-12-25`, `${year}-12-08`],
  );

  const centros = [await t.factories.centroTrabajo({ nombre: 'Oficina de Málaga', comunidad_autonoma: 'ES-AN' }), await t.factories.centroTrabajo({ nombre: 'Oficina de Girona', comunidad_autonoma: 'ES-CT' })];
  await t.factories.empleado({ idCentroTrabajo: centros[0]!.id_centro_trabajo });
  const jornadas = [await t.factories.jornada({ nombre: 'Semana de cuatro días', horas: [10, 10, 10, 10, 0, 0, 0] }), await t.factories.jornada()];
  await t.factories.asignarJornada(empleados.empleado.id_empleado, jornadas[0]!.id_jornada, `${year}-01-01`);

  const documentos: { id_documento: number }[] = await t.db.query(
    `INSERT INTO documento (id_empleado, titulo, url, id_autor)
     VALUES ($1, 'Nómina', 'http://localhost:3000/uploads/documentos/1-nomina.pdf', $3),
            ($2, 'Contrato', 'http://localhost:3000/uploads/documentos/2-contrato.pdf', $3)
     RETURNING id_documento`,
    [empleados.empleado.id_empleado, empleados.otro.id_empleado, empleados.admin.id_empleado],
  );

  const delegaciones = [
    await insertDelegacion(t.db, empleados.admin.id_empleado, empleados.empleado.id_empleado, `${year + 1}-01-01`, `${year + 1}-01-31`),
    await insertDelegacion(t.db, empleados.superAdmin.id_empleado, empleados.otro.id_empleado, `${year + 1}-02-01`, `${year + 1}-02-28`),
  ];

  const accesosInspeccion = [await insertAccesoInspeccion(t.db, empleados.admin.id_empleado), await insertAccesoInspeccion(t.db, empleados.superAdmin.id_empleado)];

  return {
    empleados,
    tokens: {
      empleado: await t.idp.token(empleados.empleado.idp_oid),
      admin: await t.idp.token(empleados.admin.idp_oid),
      superAdmin: await t.idp.token(empleados.superAdmin.idp_oid),
      representante: await t.idp.token(empleados.representante.idp_oid),
    },
    ids: {
      solicitud: solicitudes,
      comunicado: comunicados,
      diaFestivo: festivos.map((row) => row.id_dia_festivo),
      centroTrabajo: centros.map((centro) => centro.id_centro_trabajo),
      jornada: jornadas.map((jornada) => jornada.id_jornada),
      documento: documentos.map((row) => row.id_documento),
      notificacion: notificacionIds,
      empleado: [...Object.values(empleados).map((empleado) => empleado.id_empleado), inactivo.id_empleado],
      // Never the callers: a fuzzed change could deactivate or demote them and void the rest of the run.
      empleadoEditable: [editable.id_empleado, inactivo.id_empleado],
      delegacion: delegaciones,
      accesoInspeccion: accesosInspeccion,
    },
  };
}

/** Which table an operation's `{id}` names, read from its path. */
export function resourceOfPath(path: string): Resource | undefined {
  if (path.startsWith('/api/solicitudes')) return 'solicitud';
  if (path.startsWith('/api/comunicados')) return 'comunicado';
  if (path.startsWith('/api/dias-festivos')) return 'diaFestivo';
  if (path.startsWith('/api/centros-trabajo')) return 'centroTrabajo';
  if (path.startsWith('/api/jornadas')) return 'jornada';
  if (path.startsWith('/api/documentos')) return 'documento';
  if (path.startsWith('/api/notificaciones')) return 'notificacion';
  if (path.startsWith('/api/delegaciones')) return 'delegacion';
  if (path.startsWith('/api/fichajes/accesos-inspeccion')) return 'accesoInspeccion';
  if (path.startsWith('/api/empleados/{id}')) return 'empleadoEditable';
  return undefined;
}
