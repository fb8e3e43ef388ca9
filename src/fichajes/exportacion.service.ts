import { Inject, Injectable } from '@nestjs/common';
import { daysInRange } from '../common/calendar-date.js';
import { rangoDemasiadoLargo, rangoFechasInvalido } from '../common/date-window.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async exportar(query: ExportacionQuery): Promise<DescargaRegistro> {
    if (query.hasta < query.desde) throw rangoFechasInvalido();
    if (daysInRange(query.desde, query.hasta) > MAX_DIAS_EXPORTACION) throw rangoDemasiadoLargo(MAX_DIAS_EXPORTACION);
    const peticion = { desde: query.desde, hasta: query.hasta, formato: query.formato, zonaPorDefecto: this.config.companyTimeZone };
    return { stream: await registroStream(this.lector, peticion), formato: query.formato, nombre: `registro-jornada_${query.desde}_${query.hasta}` };
  }
}
