import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { calendarDateAt } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { offsetOf, type PaginationQueryDto, paginationOf, totalShownBy } from '../common/pagination.js';
import { RegistroAccesos } from '../registro-accesos/registro-accesos.service.js';
import { FileLinks } from '../uploads/access/file-links.js';
import type { EmpleadoDetalleDto, EmpleadosPageDto } from './dto/empleado.response.js';
import type { HistorialEmpleadoPageDto } from './dto/historial-empleado.response.js';
import type { ListEmpleadosQuery } from './dto/list-empleados.query.js';
import type { PerfilDto } from './dto/perfil.dto.js';
import { empleadoNoEncontrado } from './empleado-errors.js';
import { EmpleadosRepository } from './empleados.repository.js';
import { HistorialEmpleadoRepository } from './historial-empleado.repository.js';
import { VacacionesRepository } from './vacaciones.repository.js';

/** Reading employees: the caller's own profile, and the admin list, detail and change history. */
@Injectable()
export class EmpleadosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly empleados: EmpleadosRepository,
    private readonly vacaciones: VacacionesRepository,
    private readonly historial: HistorialEmpleadoRepository,
    private readonly links: FileLinks,
    private readonly registro: RegistroAccesos,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The caller exists: the guards loaded them on this very request. */
  async perfil(idEmpleado: number): Promise<PerfilDto> {
    const perfil = (await this.empleados.findProfile(idEmpleado, this.hoy()))!;
    const pendiente = perfil.actualizacion_pendiente;
    return {
      ...this.withViewableImage(perfil),
      actualizacion_pendiente: pendiente && this.withViewableImage(pendiente),
    };
  }

  /** A count only when the page does not already tell the total. */
  async list(query: ListEmpleadosQuery): Promise<EmpleadosPageDto> {
    const filter = { busqueda: query.busqueda, idRol: query.id_rol, activo: query.activo };
    const offset = offsetOf(query);
    const rows = await this.empleados.findPage(filter, query.limite + 1, offset);
    const total = totalShownBy(offset, query.limite, rows.length) ?? (await this.empleados.count(filter));
    return { status: 'success', data: rows.slice(0, query.limite).map((row) => this.withViewableImage(row)), pagination: paginationOf(total, query) };
  }

  /** The admin panel's read of a record: logged when it is someone else's, while its balance is read. */
  async read(caller: AuthenticatedEmployee, id: number): Promise<EmpleadoDetalleDto> {
    return this.detail(id, undefined, () => this.registro.registrar([{ idLector: caller.id_empleado, idTitular: id, recurso: 'empleado', idRecurso: 'ficha' }]));
  }

  /**
   * Also inside a change's transaction (`manager`), to answer with the record as changed. `registrar`, once the
   * record is found, runs beside the read of its balance.
   */
  async detail(id: number, manager?: EntityManager, registrar?: () => Promise<void>): Promise<EmpleadoDetalleDto> {
    const empleado = await this.empleados.findDetail(manager, id, this.hoy());
    if (!empleado) throw empleadoNoEncontrado();
    const [vacaciones] = await Promise.all([this.vacaciones.saldo(manager ?? this.dataSource.manager, id), registrar?.()]);
    return { ...this.withViewableImage(empleado), vacaciones };
  }

  /** The company's date today: the schedule shown is the one in force on it. */
  private hoy(): string {
    return calendarDateAt(new Date(), this.config.companyTimeZone);
  }

  /** Whoever reads an employee's record (they, or an admin) may see its image. */
  private withViewableImage<T extends { img_perfil: string | null }>(record: T): T {
    return { ...record, img_perfil: this.links.forViewer(record.img_perfil) };
  }

  async history(caller: AuthenticatedEmployee, id: number, query: PaginationQueryDto): Promise<HistorialEmpleadoPageDto> {
    if (!(await this.empleados.exists(id))) throw empleadoNoEncontrado();
    const [rows, total] = await Promise.all([this.historial.findPage(id, query.limite, offsetOf(query)), this.historial.count(id)]);
    await this.registro.registrar([{ idLector: caller.id_empleado, idTitular: id, recurso: 'empleado', idRecurso: 'historial' }]);
    const data = rows.map((row) => ({
      id_historial: row.id_historial,
      fecha: row.fecha,
      origen: row.origen,
      actor: row.id_actor === null ? null : { id_empleado: row.id_actor, nombre: row.actor_nombre! },
      // jsonb keeps keys in its own order; the API lists them as documented.
      cambios: row.cambios.map(({ campo, anio, desde, anterior, nuevo, dias_sin_prorrateo }) => ({
        campo,
        ...(anio === undefined ? {} : { anio }),
        ...(desde === undefined ? {} : { desde }),
        anterior,
        nuevo,
        ...(dias_sin_prorrateo === undefined ? {} : { dias_sin_prorrateo }),
      })),
    }));
    return { success: true, data, pagination: paginationOf(total, query) };
  }
}
