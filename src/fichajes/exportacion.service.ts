import { Inject, Injectable } from '@nestjs/common';
import { daysInRange } from '../common/calendar-date.js';
import { rangoDemasiadoLargo, rangoFechasInvalido } from '../common/date-window.js';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RegistroAccesos } from '../registro-accesos/registro-accesos.service.js';
import type { ExportacionQuery } from './dto/exportacion.query.js';
import { RegistroLectorRepository } from './registro-lector.repository.js';
import type { DescargaRegistro } from './registro-respuesta.js';
import { registroStream } from './registro-stream.js';

/** A year and a day, like every other period of the register: a full year's export fits, leap years too. */
export const MAX_DIAS_EXPORTACION = 366;

/** The whole company's register over a period, for Admins (ET art. 34.9: the company keeps it and shows it). */
@Injectable()
export class ExportacionService {
  constructor(
    private readonly lector: RegistroLectorRepository,
    private readonly registro: RegistroAccesos,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The export is logged first, once per employee whose records it holds (at most the company's head count). */
  async exportar(admin: AuthenticatedEmployee, query: ExportacionQuery): Promise<DescargaRegistro> {
    if (query.hasta < query.desde) throw rangoFechasInvalido();
    if (daysInRange(query.desde, query.hasta) > MAX_DIAS_EXPORTACION) throw rangoDemasiadoLargo(MAX_DIAS_EXPORTACION);
    const periodo = `${query.desde}/${query.hasta}`;
    const titulares = await this.lector.empleadosDelPeriodo(query.desde, query.hasta);
    await this.registro.registrar(titulares.map((idTitular) => ({ idLector: admin.id_empleado, idTitular, recurso: 'fichajes', idRecurso: periodo })));
    const peticion = { desde: query.desde, hasta: query.hasta, formato: query.formato, zonaPorDefecto: this.config.companyTimeZone };
    return { stream: await registroStream(this.lector, peticion), formato: query.formato, nombre: `registro-jornada_${query.desde}_${query.hasta}` };
  }
}
