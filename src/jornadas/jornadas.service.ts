import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CambiosDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import { offsetOf, type PaginationQueryDto, paginationOf } from '../common/pagination.js';
import { violatedUniqueConstraint } from '../common/unique-violation.js';
import { type JornadaDto, type JornadasPageDto, toJornada } from './dto/jornada.response.js';
import type { CreateJornadaDto } from './dto/create-jornada.dto.js';
import type { UpdateJornadaDto } from './dto/update-jornada.dto.js';
import { jornadaDuplicada, jornadaEnUso, jornadaNoEncontrada, sinCambiosJornada } from './jornada-errors.js';
import type { PeriodoJornada } from './jornada-fields.js';
import { type JornadaCampos, JornadasRepository, UNIQUE_NOMBRE_JORNADA } from './jornadas.repository.js';

/** Working schedules: each change runs in one transaction, where the requests it affects are recounted. */
@Injectable()
export class JornadasService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jornadas: JornadasRepository,
    private readonly calendario: CambiosDeCalendario,
  ) {}

  async listar(query: PaginationQueryDto): Promise<JornadasPageDto> {
    const [rows, total] = await this.jornadas.findPage(query.limite, offsetOf(query));
    return { success: true, data: rows.map(toJornada), pagination: paginationOf(total, query) };
  }

  async leer(id: number): Promise<JornadaDto> {
    const jornada = await this.jornadas.findById(id);
    if (!jornada) throw jornadaNoEncontrada();
    return toJornada(jornada);
  }

  crear(dto: CreateJornadaDto): Promise<JornadaDto> {
    const campos = { nombre: dto.nombre, horas: dto.horas, periodos: periodosDe(dto.periodos ?? []) };
    return this.inTransaction(async (manager) => toJornada(await this.jornadas.insert(manager, campos)));
  }

  /** New horas or periodos change how its employees' days count: their requests are recounted with it. */
  cambiar(caller: AuthenticatedEmployee, id: number, dto: UpdateJornadaDto): Promise<JornadaDto> {
    const changes: Partial<JornadaCampos> = Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
    if (!Object.keys(changes).length) throw sinCambiosJornada();
    if (changes.periodos) changes.periodos = periodosDe(changes.periodos);
    return this.inTransaction(async (manager) => {
      if (!(await this.jornadas.lock(manager, id))) throw jornadaNoEncontrada();
      const jornada = await this.jornadas.update(manager, id, changes);
      if (changes.horas || changes.periodos) {
        await this.calendario.registrar(manager, {
          afectados: { tipo: 'jornada', id_jornada: id },
          fechas: null,
          motivo: `se ha modificado la jornada «${jornada.nombre}»`,
          idActor: caller.id_empleado,
        });
      }
      return toJornada(jornada);
    });
  }

  eliminar(id: number): Promise<void> {
    return this.inTransaction(async (manager) => {
      if (!(await this.jornadas.lock(manager, id))) throw jornadaNoEncontrada();
      if (await this.jornadas.isAssigned(manager, id)) throw jornadaEnUso();
      await this.jornadas.delete(manager, id);
    });
  }

  /** A name taken in any case is a 409: the unique index decides, so racing writes cannot both win. */
  private async inTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (violatedUniqueConstraint(error) === UNIQUE_NOMBRE_JORNADA) throw jornadaDuplicada();
      throw error;
    }
  }
}

/** Stored in the order of the year, as plain objects with only their three fields. */
function periodosDe(periodos: PeriodoJornada[]): PeriodoJornada[] {
  return periodos.map(({ desde, hasta, horas }) => ({ desde, hasta, horas })).sort((a, b) => a.desde.localeCompare(b.desde));
}
