import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { calendarDateAt } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { claimTaskRun } from '../database/task-run.js';
import { FichajesRepository } from './fichajes.repository.js';
import { type Mes, mesAnterior, mesDe, mesEnFrase, primerDia, ultimoDia } from './resumen.js';
import { ResumenRepository } from './resumen.repository.js';

export const TAREA_RESUMEN_JORNADA = 'resumen_jornada';

/** Employees notified per statement. */
const LOTE_AVISOS = 1000;

export interface ResultadoAvisosResumen {
  /** False when another instance already ran this tick. */
  ejecutado: boolean;
  mes: Mes;
  avisados: number;
}

/** Tells every employee employed last month that its summary is ready (RESUMEN_JORNADA), once each. */
@Injectable()
export class ResumenAvisosService {
  private readonly logger = new Logger(ResumenAvisosService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly resumenes: ResumenRepository,
    private readonly fichajes: FichajesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `clave` names the tick: of the instances firing for it, only the first to claim it notifies. A second
   * run for the same month (another tick, a retry) notifies nobody twice: uq_notificacion_resumen.
   * `lote` is the batch size (tests make it small to see the batches follow one another).
   */
  async run(clave: string, lote = LOTE_AVISOS): Promise<ResultadoAvisosResumen> {
    const resultado = await this.dataSource.transaction(async (manager) => {
      const hoy = calendarDateAt(await this.fichajes.now(manager), this.config.companyTimeZone);
      const mes = mesAnterior(mesDe(hoy));
      if (!(await claimTaskRun(manager, TAREA_RESUMEN_JORNADA, clave))) return { ejecutado: false, mes, avisados: 0 };
      const aviso = {
        primerDia: primerDia(mes),
        ultimoDia: ultimoDia(mes),
        titulo: 'Resumen de jornada disponible',
        mensaje: `Tu resumen de jornada de ${mesEnFrase(mes)} está disponible.`,
      };
      let [despues, avisados] = [0, 0];
      for (;;) {
        const { ultimo, avisados: delLote } = await this.resumenes.avisarLote(manager, aviso, despues, lote);
        avisados += delLote;
        if (ultimo === null) return { ejecutado: true, mes, avisados };
        despues = ultimo;
      }
    });
    if (resultado.avisados > 0) this.logger.log(`Monthly summaries ${resultado.mes}: ${resultado.avisados} employees notified`);
    return resultado;
  }
}
