import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CalendarioLaboralService } from '../calendario-laboral/calendario-laboral.service.js';
import { type ApiError, apiError } from '../common/api-error.js';
import { calendarDateAt } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { empleadoNoEncontrado } from '../empleados/empleado-errors.js';
import { AccesoAlRegistro } from './acceso-al-registro.service.js';
import type { ResumenQuery } from './dto/resumen.query.js';
import { FichajesRepository } from './fichajes.repository.js';
import { esTiempoParcial } from './horas-del-mes.js';
import { PeriodoService } from './periodo.service.js';
import { diaResumen, diasEmpleadoDelMes, type Mes, mesDe, type ResumenMensual, totalesResumen, ultimoDia } from './resumen.js';
import { type EmpleadoDelResumen, ResumenRepository } from './resumen.repository.js';

const mesFuturo = (): ApiError =>
  apiError(HttpStatus.BAD_REQUEST, 'mes_futuro', 'El mes no puede ser posterior al actual.', {
    errores: [{ campo: 'mes', mensaje: 'no puede ser posterior al mes actual.' }],
  });

/** An employee's month of the register: its days and totals (ET art. 34.9; 12.4.c for part-timers). */
@Injectable()
export class ResumenService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly acceso: AccesoAlRegistro,
    private readonly periodo: PeriodoService,
    private readonly fichajes: FichajesRepository,
    private readonly resumenes: ResumenRepository,
    private readonly calendario: CalendarioLaboralService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The summary, and the time zone its days are counted in (what the CSV and PDF show times in). */
  async resumen(caller: AuthenticatedEmployee, query: ResumenQuery): Promise<{ resumen: ResumenMensual; zonaHoraria: string }> {
    const idEmpleado = query.id_empleado ?? caller.id_empleado;
    await this.acceso.comprobar(caller, idEmpleado);
    const manager = this.dataSource.manager;
    const empleado = await this.resumenes.empleado(manager, idEmpleado);
    if (!empleado) throw empleadoNoEncontrado();
    const reloj = await this.fichajes.reloj(idEmpleado);
    const zonaHoraria = reloj.zona_horaria ?? this.config.companyTimeZone;
    if (query.mes > mesDe(calendarDateAt(reloj.ahora, zonaHoraria))) throw mesFuturo();
    const tiempoParcial = await this.esTiempoParcial(empleado, query.mes);
    const dias = diasEmpleadoDelMes(query.mes, empleado.fecha_alta, empleado.fecha_baja);
    // As the period listing: the entry is written while the month's records are read.
    const [jornadas] = await Promise.all([
      dias ? this.periodo.diasDelPeriodo(idEmpleado, dias.desde, dias.hasta, reloj).then((periodo) => periodo.jornadas) : [],
      this.acceso.anotar(caller, idEmpleado, query.mes),
    ]);
    return {
      zonaHoraria,
      resumen: {
        id_empleado: idEmpleado,
        nombre: empleado.nombre,
        mes: query.mes,
        tiempo_parcial: tiempoParcial,
        dias: jornadas.map(diaResumen),
        totales: totalesResumen(jornadas, tiempoParcial),
      },
    };
  }

  /** Part-time for the month: the ordinary week in force on its last day (or fecha_baja, if earlier) is below the full-time week. */
  private async esTiempoParcial(empleado: EmpleadoDelResumen, mes: Mes): Promise<boolean> {
    const fin = empleado.fecha_baja && empleado.fecha_baja < ultimoDia(mes) ? empleado.fecha_baja : ultimoDia(mes);
    const calendario = await this.calendario.deEmpleado(this.dataSource.manager, empleado.id_empleado, fin, fin);
    return esTiempoParcial(calendario.semanaOrdinariaEn(fin), this.config.horasSemanaCompleta);
  }
}
