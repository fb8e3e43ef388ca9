import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { CentroTrabajo } from '../../src/centros-trabajo/entities/centro-trabajo.entity.js';
import { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { EmpleadoJornada } from '../../src/jornadas/entities/empleado-jornada.entity.js';
import { Jornada } from '../../src/jornadas/entities/jornada.entity.js';
import { RolId } from '../../src/catalogs/rol.entity.js';
import { Vacaciones } from '../../src/empleados/entities/vacaciones.entity.js';

let sequence = 0;

export interface EmpleadoOverrides {
  nombre?: string;
  correo?: string;
  idRol?: RolId;
  activo?: boolean;
  idpOid?: string;
  idResponsable?: number;
  idCentroTrabajo?: number;
  /** Vacation allocations by year: `{2026: 22}`. */
  vacaciones?: Record<number, { asignados: number; usados?: number }>;
}

/** Builds rows through the real schema; every call makes fresh, unique data. */
export class Factories {
  constructor(private readonly db: DataSource) {}

  async empleado(overrides: EmpleadoOverrides = {}): Promise<Empleado> {
    sequence += 1;
    const empleado = await this.db.getRepository(Empleado).save({
      nombre: overrides.nombre ?? `Empleado ${sequence}`,
      correo: overrides.correo ?? `empleado${sequence}.${randomUUID().slice(0, 8)}@example.com`,
      id_rol: overrides.idRol ?? RolId.Empleado,
      activo: overrides.activo ?? true,
      idp_oid: overrides.idpOid ?? randomUUID(),
      id_responsable: overrides.idResponsable ?? null,
      id_centro_trabajo: overrides.idCentroTrabajo ?? null,
    });
    for (const [anio, dias] of Object.entries(overrides.vacaciones ?? {})) {
      await this.db.getRepository(Vacaciones).save({
        id_empleado: empleado.id_empleado,
        anio: Number(anio),
        dias_asignados: dias.asignados,
        dias_usados: dias.usados ?? 0,
      });
    }
    return empleado;
  }

  centroTrabajo(overrides: Partial<Pick<CentroTrabajo, 'nombre' | 'codigo' | 'comunidad_autonoma' | 'localidad' | 'zona_horaria'>> = {}): Promise<CentroTrabajo> {
    sequence += 1;
    return this.db.getRepository(CentroTrabajo).save({
      nombre: `Centro ${sequence}`,
      codigo: `C${sequence}-${randomUUID().slice(0, 4)}`,
      comunidad_autonoma: 'ES-MD' as const,
      localidad: null,
      zona_horaria: 'Europe/Madrid',
      ...overrides,
    });
  }

  jornada(overrides: Partial<Pick<Jornada, 'nombre' | 'horas' | 'periodos'>> = {}): Promise<Jornada> {
    sequence += 1;
    return this.db.getRepository(Jornada).save({ nombre: `Jornada ${sequence}`, horas: [8, 8, 8, 8, 8, 0, 0], periodos: [], ...overrides });
  }

  /** Gives the employee the schedule from `desde` on. */
  asignarJornada(idEmpleado: number, idJornada: number, desde: string): Promise<EmpleadoJornada> {
    return this.db.getRepository(EmpleadoJornada).save({ id_empleado: idEmpleado, id_jornada: idJornada, desde });
  }

  admin(overrides: EmpleadoOverrides = {}): Promise<Empleado> {
    return this.empleado({ ...overrides, idRol: RolId.Administrador });
  }

  superAdmin(overrides: EmpleadoOverrides = {}): Promise<Empleado> {
    return this.empleado({ ...overrides, idRol: RolId.SuperAdministrador });
  }
}
