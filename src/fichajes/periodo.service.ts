import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CalendarioLaboralService } from '../calendario-laboral/calendario-laboral.service.js';
import { MAX_DIAS_PREVISTOS } from '../calendario-laboral/minutos-previstos.js';
import { type CalendarDate, calendarDateAt, daysInRange } from '../common/calendar-date.js';
import { rangoDemasiadoLargo, rangoFechasInvalido } from '../common/date-window.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AccesoAlRegistro } from './acceso-al-registro.service.js';
import type { FichajesQuery } from './dto/fichajes.query.js';
import { type PeriodoDto, toPeriodo } from './dto/periodo.response.js';
import { CorreccionFichajeRepository } from './correccion-fichaje.repository.js';
import { FichajesRepository, type Reloj } from './fichajes.repository.js';
import { IncompletosRepository } from './incompletos.repository.js';
import { type JornadaDelPeriodo, jornadasDelPeriodo } from './periodo.js';

/** An employee's days over a bounded period, and the time zone their days are counted in (their centre's, else the company's). */
export interface DiasDelPeriodo {
  zonaHoraria: string;
  hoy: CalendarDate;
  jornadas: JornadaDelPeriodo[];
}

/** An employee's records over a period, day by day, against the minutes their calendar expects. */
@Injectable()
export class PeriodoService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly fichajes: FichajesRepository,
    private readonly calendario: CalendarioLaboralService,
    private readonly acceso: AccesoAlRegistro,
    private readonly incompletos: IncompletosRepository,
    private readonly correcciones: CorreccionFichajeRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async listar(caller: AuthenticatedEmployee, query: FichajesQuery): Promise<PeriodoDto> {
    const { desde, hasta } = query;
    if (hasta < desde) throw rangoFechasInvalido();
    if (daysInRange(desde, hasta) > MAX_DIAS_PREVISTOS) throw rangoDemasiadoLargo(MAX_DIAS_PREVISTOS);
    const idEmpleado = query.id_empleado ?? caller.id_empleado;
    await this.acceso.comprobar(caller, idEmpleado);
    // Allowed and the employee exists: the entry is written while the records are read, and the answer waits for both.
    const [{ jornadas }] = await Promise.all([this.diasDelPeriodo(idEmpleado, desde, hasta), this.acceso.anotar(caller, idEmpleado, `${desde}/${hasta}`)]);
    return toPeriodo(idEmpleado, desde, hasta, jornadas);
  }

  /**
   * The days from `desde` to `hasta` (the caller bounds them to MAX_DIAS_PREVISTOS) with their records and minutes;
   * `reloj` is the database's clock when the caller already read it, so both count from the same instant.
   */
  async diasDelPeriodo(idEmpleado: number, desde: CalendarDate, hasta: CalendarDate, reloj?: Reloj): Promise<DiasDelPeriodo> {
    const manager = this.dataSource.manager;
    // Independent reads, each on its own pooled connection: a month answers in the time of the slowest, not of all.
    const [{ ahora, zona_horaria }, filas, previstos, incompletos] = await Promise.all([
      reloj ?? this.fichajes.reloj(idEmpleado),
      this.fichajes.findDelPeriodo(idEmpleado, desde, hasta),
      this.calendario.minutosPrevistos(manager, idEmpleado, desde, hasta),
      this.incompletos.marcadosEntre(idEmpleado, desde, hasta),
    ]);
    const zonaHoraria = zona_horaria ?? this.config.companyTimeZone;
    const hoy = calendarDateAt(ahora, zonaHoraria);
    const correcciones = await this.correcciones.aplicadas(manager, filas.flatMap((fila) => (fila.id_solicitud === null ? [] : [Number(fila.id_solicitud)])));
    return { zonaHoraria, hoy, jornadas: jornadasDelPeriodo(previstos, filas, ahora, hoy, incompletos, correcciones) };
  }
}
