import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { offsetOf, type PaginationQueryDto, paginationOf } from '../common/pagination.js';
import { asignacionNoEncontrada, jornadaIndicadaNoEncontrada } from '../jornadas/jornada-errors.js';
import { lockJornadaExistente } from '../jornadas/jornadas.lookup.js';
import { EmpleadoJornadasRepository } from '../jornadas/empleado-jornadas.repository.js';
import { assertMayAdminister, beginAdministrationAs } from './administration-rules.js';
import type { AsignacionesJornadaPageDto, AsignacionJornadaDto, AsignarJornadaDto } from './dto/asignacion-jornada.dto.js';
import { empleadoNoEncontrado } from './empleado-errors.js';
import { EmpleadosRepository } from './empleados.repository.js';
import { type EntradaHistorial, recordHistory } from './historial-empleado.repository.js';
import { registrarCambiosDeCalendario } from './cambios-de-calendario-de-empleado.js';
import { CambiosDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import { RegistroAccesos } from '../registro-accesos/registro-accesos.service.js';

/**
 * An employee's schedule assignments. Each change runs in one transaction, under the administration
 * lock and the employee's row lock, and is recorded in their history (campo id_jornada, with desde).
 */
@Injectable()
export class EmpleadoJornadasService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly empleados: EmpleadosRepository,
    private readonly asignaciones: EmpleadoJornadasRepository,
    private readonly calendario: CambiosDeCalendario,
    private readonly registro: RegistroAccesos,
  ) {}

  /** Someone else's assignments are logged as a read of their record. */
  async historial(caller: AuthenticatedEmployee, id: number, query: PaginationQueryDto): Promise<AsignacionesJornadaPageDto> {
    const manager = this.dataSource.manager;
    if (!(await this.empleados.exists(id))) throw empleadoNoEncontrado();
    const [data, total] = await Promise.all([this.asignaciones.findPage(manager, id, query.limite, offsetOf(query)), this.asignaciones.count(manager, id)]);
    await this.registro.registrar([{ idLector: caller.id_empleado, idTitular: id, recurso: 'empleado', idRecurso: 'jornadas' }]);
    return { success: true, data, pagination: paginationOf(total, query) };
  }

  asignar(caller: AuthenticatedEmployee, id: number, dto: AsignarJornadaDto): Promise<AsignacionJornadaDto> {
    return this.administer(caller, id, async (manager) => {
      if (!(await lockJornadaExistente(manager, dto.id_jornada))) throw jornadaIndicadaNoEncontrada('id_jornada');
      const anterior = await this.asignaciones.lockDesde(manager, id, dto.desde);
      const asignacion = await this.asignaciones.upsert(manager, { idEmpleado: id, idJornada: dto.id_jornada, desde: dto.desde, idActor: caller.id_empleado });
      if (anterior !== dto.id_jornada) await this.registrar(manager, caller, id, { desde: dto.desde, anterior, nuevo: dto.id_jornada });
      return asignacion;
    });
  }

  eliminar(caller: AuthenticatedEmployee, id: number, idAsignacion: number): Promise<void> {
    return this.administer(caller, id, async (manager) => {
      const eliminada = await this.asignaciones.delete(manager, id, idAsignacion);
      if (!eliminada) throw asignacionNoEncontrada();
      await this.registrar(manager, caller, id, { desde: eliminada.desde, anterior: eliminada.id_jornada, nuevo: null });
    });
  }

  /** The same rules as PUT /api/empleados/:id: an Admin administers employees, and their own record. */
  private administer<T>(caller: AuthenticatedEmployee, id: number, change: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const actorRol = await beginAdministrationAs(this.empleados, manager, caller.id_empleado);
      const empleado = await this.empleados.lockEditable(manager, id);
      if (!empleado) throw empleadoNoEncontrado();
      if (id !== caller.id_empleado) assertMayAdminister(actorRol, empleado);
      return change(manager);
    });
  }

  /** Recorded in the history, and the employee's requests recounted with their new schedules. */
  private async registrar(manager: EntityManager, caller: AuthenticatedEmployee, id: number, cambio: { desde: string; anterior: number | null; nuevo: number | null }): Promise<void> {
    const entrada: EntradaHistorial = { idEmpleado: id, idActor: caller.id_empleado, origen: 'api', cambios: [{ campo: 'id_jornada', ...cambio }] };
    await recordHistory(manager, [entrada]);
    await registrarCambiosDeCalendario(this.calendario, manager, [entrada]);
  }
}
