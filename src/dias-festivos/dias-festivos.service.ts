import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { rolNoPermitido } from '../auth/roles.guard.js';
import type { DestinoFestivos } from '../calendario-laboral/ambito-festivo.js';
import { CalendarioLaboralRepository, type FestivoFila } from '../calendario-laboral/calendario-laboral.repository.js';
import { CambiosDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import { centroIndicadoNoEncontrado } from '../centros-trabajo/centro-trabajo-errors.js';
import { lockCentroExistente, lockCentrosPorCodigo } from '../centros-trabajo/centros-trabajo.lookup.js';
import { type CalendarDate, fechaEnFrase, parseCalendarDate } from '../common/calendar-date.js';
import { shown } from '../common/csv.js';
import { DATE_WINDOW_TEXT, fechaInvalida } from '../common/date-window.js';
import { offsetOf, type PaginationDto, paginationOf } from '../common/pagination.js';
import { cambioPorFestivos } from './cambio-por-festivos.js';
import { comprobarDestino } from './destino-festivo.js';
import { diaFestivoDuplicado, diaFestivoNoEncontrado, festivosCsvInvalido, filtrosIncompatibles } from './dia-festivo-errors.js';
import { claveFechaDestino, type DiaFestivoCampos, DiasFestivosRepository } from './dias-festivos.repository.js';
import { type DiaFestivoDto, type ImportacionFestivosDto, toDiaFestivo } from './dto/dia-festivo-response.dto.js';
import type { ImportarDiasFestivosDto } from './dto/importar-dias-festivos.dto.js';
import { leerFestivosCsv } from './festivos-csv.js';
import { festivosPropuestos } from './festivos-propuestos.js';
import type { CreateDiaFestivoDto } from './dto/create-dia-festivo.dto.js';
import type { ListDiasFestivosQueryDto } from './dto/list-dias-festivos-query.dto.js';

/** A write's answer, and the holiday rows it touched: their dates and targets are whose working days changed. */
interface Escritura<T> {
  resultado: T;
  afectados: FestivoAfectado[];
  /** Why their requests are recounted, as the owners read it: "se ha añadido el festivo …". */
  motivo: string;
}

export type FestivoAfectado = Pick<DiaFestivoCampos, 'fecha' | 'ambito' | 'comunidad_autonoma' | 'id_centro_trabajo' | 'excluye_nacional'>;

/** The date window every holiday lies in: the list without a year reads all of it. */
const SIN_ANIO = { inicio: '1900-01-01', fin: '2999-12-31' };

@Injectable()
export class DiasFestivosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly diasFestivos: DiasFestivosRepository,
    private readonly calendarioLaboral: CalendarioLaboralRepository,
    private readonly cambios: CambiosDeCalendario,
  ) {}

  /** The caller's own holidays; an admin may ask for a centre's, a community's, or every row. */
  async listar(caller: AuthenticatedEmployee, query: ListDiasFestivosQueryDto): Promise<{ data: DiaFestivoDto[]; pagination?: PaginationDto }> {
    const { anio, id_centro_trabajo, comunidad_autonoma, todos } = query;
    const filtros = Object.entries({ id_centro_trabajo, comunidad_autonoma, todos }).filter(([, valor]) => valor !== undefined && valor !== false);
    if (filtros.length > 0 && !isAdmin(caller.rol.id_rol)) throw rolNoPermitido();
    if (filtros.length > 1) throw filtrosIncompatibles(filtros[1]![0]);
    if (todos) {
      const [filas, total] = await this.diasFestivos.findPage(anio, offsetOf(query), query.limite);
      return { data: filas.map(toDiaFestivo), pagination: paginationOf(total, query) };
    }
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
    return { data: filas.map(toDiaFestivo) };
  }

  async crear(caller: AuthenticatedEmployee, body: CreateDiaFestivoDto): Promise<DiaFestivoDto> {
    const campos = camposDe(body);
    return this.escribir(caller.id_empleado, async (manager) => {
      await this.lockCentroIndicado(manager, campos);
      const fila = await this.diasFestivos.insert(manager, campos);
      if (!fila) throw diaFestivoDuplicado();
      return { resultado: toDiaFestivo(fila), afectados: [fila], motivo: `se ha añadido el festivo «${fila.nombre}» del ${fechaEnFrase(fila.fecha)}` };
    });
  }

  /** Replaces every field of the holiday, under the same rules as creating one. */
  async actualizar(caller: AuthenticatedEmployee, id: number, body: CreateDiaFestivoDto): Promise<DiaFestivoDto> {
    const campos = camposDe(body);
    return this.escribir(caller.id_empleado, async (manager) => {
      const anterior = await this.diasFestivos.lock(manager, id);
      if (!anterior) throw diaFestivoNoEncontrado();
      await this.lockCentroIndicado(manager, campos);
      const fila = await this.diasFestivos.replace(manager, id, campos);
      if (!fila) throw diaFestivoDuplicado();
      return { resultado: toDiaFestivo(fila), afectados: [anterior, fila], motivo: `se ha modificado el festivo «${fila.nombre}» del ${fechaEnFrase(fila.fecha)}` };
    });
  }

  async eliminar(caller: AuthenticatedEmployee, id: number): Promise<void> {
    await this.escribir(caller.id_empleado, async (manager) => {
      const eliminado = await this.diasFestivos.delete(manager, id);
      if (!eliminado) throw diaFestivoNoEncontrado();
      return { resultado: undefined, afectados: [eliminado], motivo: `se ha eliminado el festivo «${eliminado.nombre}» del ${fechaEnFrase(eliminado.fecha)}` };
    });
  }

  /** Inserts the proposed holidays a date and target do not have yet: a second import adds nothing. */
  importar(caller: AuthenticatedEmployee, { anio, comunidad_autonoma }: ImportarDiasFestivosDto): Promise<ImportacionFestivosDto> {
    return this.escribir(caller.id_empleado, (manager) => this.insertarAusentes(manager, festivosPropuestos(anio, comunidad_autonoma), `se han importado los festivos de ${anio}`));
  }

  /**
   * A CSV file of holidays (the API's body, the CLI's file): all rows or, when any line has a problem, none
   * (400 csv_invalido listing every line). Rows whose date and target already have a holiday are left out.
   */
  importarCsv(idActor: number | null, csv: string): Promise<ImportacionFestivosDto> {
    const { filas, errores } = leerFestivosCsv(csv);
    return this.escribir(idActor, async (manager) => {
      const codigos = filas.flatMap((fila) => (fila.centro_trabajo ? [fila.centro_trabajo] : []));
      // The centres stay until the import commits: a deletion waits, then sees their local holidays.
      const centros = codigos.length ? await lockCentrosPorCodigo(manager, codigos) : new Map<string, number>();
      for (const fila of filas) {
        if (fila.centro_trabajo && !centros.has(fila.centro_trabajo.toLowerCase())) {
          errores.push({ line: fila.line, message: `centro_trabajo ${shown(fila.centro_trabajo)} is no work centre's code.` });
        }
      }
      if (errores.length) throw festivosCsvInvalido(errores);
      return this.insertarAusentes(
        manager,
        filas.map(({ centro_trabajo, fecha, nombre, ambito, comunidad_autonoma, excluye_nacional }) => ({
          fecha,
          nombre,
          ambito,
          comunidad_autonoma,
          id_centro_trabajo: centro_trabajo ? centros.get(centro_trabajo.toLowerCase())! : null,
          excluye_nacional,
        })),
        'se han importado festivos desde un archivo CSV',
      );
    });
  }

  private async insertarAusentes(manager: EntityManager, propuestos: DiaFestivoCampos[], motivo: string): Promise<Escritura<ImportacionFestivosDto>> {
    const insertados = new Map((await this.diasFestivos.insertAbsent(manager, propuestos)).map((fila) => [claveFechaDestino(fila), fila]));
    const resultado: ImportacionFestivosDto = { anadidos: [], omitidos: [] };
    for (const propuesto of propuestos) {
      const fila = insertados.get(claveFechaDestino(propuesto));
      if (fila) resultado.anadidos.push(toDiaFestivo(fila));
      else resultado.omitidos.push({ fecha: propuesto.fecha, nombre: propuesto.nombre, ambito: propuesto.ambito, comunidad_autonoma: propuesto.comunidad_autonoma, id_centro_trabajo: propuesto.id_centro_trabajo });
    }
    return { resultado, afectados: [...insertados.values()], motivo };
  }

  private async lockCentroIndicado(manager: EntityManager, { id_centro_trabajo }: DiaFestivoCampos): Promise<void> {
    // The centre stays until the write commits: a deletion waits, then sees its local holiday.
    if (id_centro_trabajo !== null && !(await lockCentroExistente(manager, id_centro_trabajo))) throw centroIndicadoNoEncontrado('id_centro_trabajo');
  }

  /**
   * Every holiday write runs here, in one transaction, and states the rows it touched (for a change, the
   * row before and after): whose working days changed. Their requests on those dates are recounted in
   * this same transaction (CambiosDeCalendario).
   */
  private escribir<T>(idActor: number | null, trabajo: (manager: EntityManager) => Promise<Escritura<T>>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const { resultado, afectados, motivo } = await trabajo(manager);
      if (afectados.length > 0) await this.cambios.registrar(manager, cambioPorFestivos(afectados, motivo, idActor));
      return resultado;
    });
  }
}

/** A body's holiday, checked: a real date, a target that fits the scope. */
function camposDe({ fecha, nombre, ambito = 'nacional', comunidad_autonoma, id_centro_trabajo, excluye_nacional }: CreateDiaFestivoDto): DiaFestivoCampos {
  // parseCalendarDate also reads date-times (returning just their date): equality keeps only a bare, real YYYY-MM-DD.
  if (parseCalendarDate(fecha, 'UTC') !== fecha) {
    throw fechaInvalida(`La fecha no es válida: usa una fecha real con el formato YYYY-MM-DD, ${DATE_WINDOW_TEXT}.`, ['fecha'], 'una fecha real con el formato YYYY-MM-DD');
  }
  comprobarDestino({ ambito, comunidad_autonoma, id_centro_trabajo, excluye_nacional });
  return { fecha, nombre, ambito, comunidad_autonoma: comunidad_autonoma ?? null, id_centro_trabajo: id_centro_trabajo ?? null, excluye_nacional: excluye_nacional ?? false };
}
