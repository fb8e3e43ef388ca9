import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { rolNoPermitido } from '../auth/roles.guard.js';
import type { DestinoFestivos } from '../calendario-laboral/ambito-festivo.js';
import { CalendarioLaboralRepository, type FestivoFila } from '../calendario-laboral/calendario-laboral.repository.js';
import { centroIndicadoNoEncontrado } from '../centros-trabajo/centro-trabajo-errors.js';
import { lockCentroExistente } from '../centros-trabajo/centros-trabajo.lookup.js';
import { type CalendarDate, parseCalendarDate } from '../common/calendar-date.js';
import { DATE_WINDOW_TEXT, fechaInvalida } from '../common/date-window.js';
import { comprobarDestino } from './destino-festivo.js';
import { diaFestivoDuplicado, diaFestivoNoEncontrado, filtrosIncompatibles } from './dia-festivo-errors.js';
import { DiasFestivosRepository } from './dias-festivos.repository.js';
import { type DiaFestivoDto, type ImportacionFestivosDto, toDiaFestivo } from './dto/dia-festivo-response.dto.js';
import type { ImportarDiasFestivosDto } from './dto/importar-dias-festivos.dto.js';
import { festivosPropuestos } from './festivos-propuestos.js';
import type { CreateDiaFestivoDto } from './dto/create-dia-festivo.dto.js';
import type { ListDiasFestivosQueryDto } from './dto/list-dias-festivos-query.dto.js';

/** The date window every holiday lies in: the list without a year reads all of it. */
const SIN_ANIO = { inicio: '1900-01-01', fin: '2999-12-31' };

@Injectable()
export class DiasFestivosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly diasFestivos: DiasFestivosRepository,
    private readonly calendarioLaboral: CalendarioLaboralRepository,
  ) {}

  /** The caller's own holidays; an admin may ask for a centre's, a community's, or every row. */
  async listar(caller: AuthenticatedEmployee, { anio, id_centro_trabajo, comunidad_autonoma, todos }: ListDiasFestivosQueryDto): Promise<DiaFestivoDto[]> {
    const filtros = Object.entries({ id_centro_trabajo, comunidad_autonoma, todos }).filter(([, valor]) => valor !== undefined && valor !== false);
    if (filtros.length > 0 && !isAdmin(caller.rol.id_rol)) throw rolNoPermitido();
    if (filtros.length > 1) throw filtrosIncompatibles(filtros[1]![0]);
    if (todos) return (await this.diasFestivos.findAll(anio)).map(toDiaFestivo);
    const { inicio, fin }: { inicio: CalendarDate; fin: CalendarDate } = anio === undefined ? SIN_ANIO : { inicio: `${anio}-01-01`, fin: `${anio}-12-31` };
    const manager = this.dataSource.manager;
    let filas: FestivoFila[];
    if (id_centro_trabajo !== undefined) {
      const destino = await this.calendarioLaboral.destinoDeCentro(manager, id_centro_trabajo);
      if (!destino) throw centroIndicadoNoEncontrado('id_centro_trabajo');
      filas = await this.calendarioLaboral.filasDeDestino(manager, destino, inicio, fin);
    } else if (comunidad_autonoma !== undefined) {
      const destino: DestinoFestivos = { comunidad_autonoma, id_centro_trabajo: null };
      filas = await this.calendarioLaboral.filasDeDestino(manager, destino, inicio, fin);
    } else {
      filas = await this.calendarioLaboral.filasDeEmpleado(manager, caller.id_empleado, inicio, fin);
    }
    return filas.map(toDiaFestivo);
  }

  async crear(body: CreateDiaFestivoDto): Promise<DiaFestivoDto> {
    const { fecha, nombre, ambito = 'nacional', comunidad_autonoma, id_centro_trabajo, excluye_nacional } = body;
    // parseCalendarDate also reads date-times (returning just their date): equality keeps only a bare, real YYYY-MM-DD.
    if (parseCalendarDate(fecha, 'UTC') !== fecha) {
      throw fechaInvalida(`La fecha no es válida: usa una fecha real con el formato YYYY-MM-DD, ${DATE_WINDOW_TEXT}.`, ['fecha'], 'una fecha real con el formato YYYY-MM-DD');
    }
    comprobarDestino({ ambito, comunidad_autonoma, id_centro_trabajo, excluye_nacional });
    const creado = await this.dataSource.transaction(async (manager) => {
      // The centre stays until the insert commits: a deletion waits, then sees its local holiday.
      if (id_centro_trabajo !== undefined && !(await lockCentroExistente(manager, id_centro_trabajo))) throw centroIndicadoNoEncontrado('id_centro_trabajo');
      const fila = await this.diasFestivos.insert(manager, {
        fecha,
        nombre,
        ambito,
        comunidad_autonoma: comunidad_autonoma ?? null,
        id_centro_trabajo: id_centro_trabajo ?? null,
        excluye_nacional: excluye_nacional ?? false,
      });
      if (!fila) throw diaFestivoDuplicado();
      return fila;
    });
    return toDiaFestivo(creado);
  }

  /** Inserts the proposed holidays a date and target do not have yet, in one transaction: a second import adds nothing. */
  importar({ anio, comunidad_autonoma }: ImportarDiasFestivosDto): Promise<ImportacionFestivosDto> {
    return this.dataSource.transaction(async (manager) => {
      const resultado: ImportacionFestivosDto = { anadidos: [], omitidos: [] };
      for (const propuesto of festivosPropuestos(anio, comunidad_autonoma)) {
        const fila = await this.diasFestivos.insertIfAbsent(manager, propuesto);
        if (fila) resultado.anadidos.push(toDiaFestivo(fila));
        else resultado.omitidos.push({ fecha: propuesto.fecha, nombre: propuesto.nombre, ambito: propuesto.ambito, comunidad_autonoma: propuesto.comunidad_autonoma });
      }
      return resultado;
    });
  }

  async eliminar(id: number): Promise<void> {
    if (!(await this.diasFestivos.delete(id))) throw diaFestivoNoEncontrado();
  }
}
