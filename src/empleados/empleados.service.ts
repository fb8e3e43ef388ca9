import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { offsetOf, type PaginationQueryDto, paginationOf } from '../common/pagination.js';
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
  ) {}

  /** The caller exists: the guards loaded them on this very request. */
  async perfil(idEmpleado: number): Promise<PerfilDto> {
    return (await this.empleados.findProfile(idEmpleado))!;
  }

  /** A count only when the page does not already tell the total (it is full, or past the end). */
  async list(query: ListEmpleadosQuery): Promise<EmpleadosPageDto> {
    const filter = { busqueda: query.busqueda, idRol: query.id_rol, activo: query.activo };
    const offset = offsetOf(query);
    const rows = await this.empleados.findPage(filter, query.limite, offset);
    const known = rows.length < query.limite && (rows.length > 0 || offset === 0);
    const total = known ? offset + rows.length : await this.empleados.count(filter);
    return { status: 'success', data: rows, pagination: paginationOf(total, query) };
  }

  async detail(id: number): Promise<EmpleadoDetalleDto> {
    const manager = this.dataSource.manager;
    const empleado = await this.empleados.findDetail(manager, id);
    if (!empleado) throw empleadoNoEncontrado();
    return { ...empleado, vacaciones: await this.vacaciones.saldo(manager, id) };
  }

  async history(id: number, query: PaginationQueryDto): Promise<HistorialEmpleadoPageDto> {
    if (!(await this.empleados.exists(id))) throw empleadoNoEncontrado();
    const [rows, total] = await Promise.all([this.historial.findPage(id, query.limite, offsetOf(query)), this.historial.count(id)]);
    const data = rows.map((row) => ({
      id_historial: row.id_historial,
      fecha: row.fecha,
      origen: row.origen,
      actor: row.id_actor === null ? null : { id_empleado: row.id_actor, nombre: row.actor_nombre! },
      // jsonb keeps keys in its own order; the API lists them as documented.
      cambios: row.cambios.map(({ campo, anio, anterior, nuevo }) => (anio === undefined ? { campo, anterior, nuevo } : { campo, anio, anterior, nuevo })),
    }));
    return { success: true, data, pagination: paginationOf(total, query) };
  }
}
