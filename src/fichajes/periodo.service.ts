import { IncompletosRepository } from './incompletos.repository.js';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AprobacionesService } from '../aprobaciones/aprobaciones.service.js';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { rolNoPermitido } from '../auth/roles.guard.js';
import { CalendarioLaboralService } from '../calendario-laboral/calendario-laboral.service.js';
import { MAX_DIAS_PREVISTOS } from '../calendario-laboral/minutos-previstos.js';
import { calendarDateAt, daysInRange } from '../common/calendar-date.js';
import { rangoDemasiadoLargo, rangoFechasInvalido } from '../common/date-window.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { empleadoNoEncontrado } from '../empleados/empleado-errors.js';
import type { FichajesQuery } from './dto/fichajes.query.js';
import { type PeriodoDto, toPeriodo } from './dto/periodo.response.js';
import { FichajesRepository } from './fichajes.repository.js';
import { jornadasDelPeriodo } from './periodo.js';

/** An employee's records over a period, day by day, against the minutes their calendar expects. */
@Injectable()
export class PeriodoService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly fichajes: FichajesRepository,
    private readonly calendario: CalendarioLaboralService,
    private readonly aprobaciones: AprobacionesService,
    private readonly incompletos: IncompletosRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async listar(caller: AuthenticatedEmployee, query: FichajesQuery): Promise<PeriodoDto> {
    const { desde, hasta } = query;
    if (hasta < desde) throw rangoFechasInvalido();
    if (daysInRange(desde, hasta) > MAX_DIAS_PREVISTOS) throw rangoDemasiadoLargo(MAX_DIAS_PREVISTOS);
    const idEmpleado = query.id_empleado ?? caller.id_empleado;
    await this.comprobarAcceso(caller, idEmpleado);
    const manager = this.dataSource.manager;
    const ahora = await this.fichajes.now(manager);
    const hoy = calendarDateAt(ahora, (await this.fichajes.zonaHoraria(idEmpleado)) ?? this.config.companyTimeZone);
    const filas = await this.fichajes.findDelPeriodo(manager, idEmpleado, desde, hasta);
    const previstos = await this.calendario.minutosPrevistos(manager, idEmpleado, desde, hasta);
    const incompletos = await this.incompletos.marcadosEntre(manager, idEmpleado, desde, hasta);
    return toPeriodo(idEmpleado, desde, hasta, jornadasDelPeriodo(previstos, filas, ahora, hoy, incompletos));
  }

  /** Own records; an Admin anyone's; a manager (or their delegate today) their reports'. Unknown employees: 404 after that. */
  private async comprobarAcceso(caller: AuthenticatedEmployee, idEmpleado: number): Promise<void> {
    if (idEmpleado === caller.id_empleado) return;
    if (!isAdmin(caller.rol.id_rol) && !(await this.aprobaciones.managesToday(caller.id_empleado, idEmpleado))) throw rolNoPermitido();
    if (!(await this.fichajes.existeEmpleado(idEmpleado))) throw empleadoNoEncontrado();
  }
}
