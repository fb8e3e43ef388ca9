import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { calendarDateAt } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { FILE_STORAGE, type FileStorage } from '../uploads/storage/file-storage.js';
import { aplicarRetencion, type OpcionesRetencion, type ResultadoRetencion } from './aplicar-retencion.js';

/** The daily run at PRIVACIDAD_CRON: a pg-boss schedule, so one instance gets each tick. */
export const PRIVACIDAD_QUEUE = 'privacidad';

/** Retention: blocking and purge, daily on schedule and on demand (`npm run privacidad:aplicar`, tests). */
@Injectable()
export class PrivacidadRetencionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('PrivacidadRetencion');

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<object>(PRIVACIDAD_QUEUE, async () => {
      await this.aplicar({ hoy: calendarDateAt(new Date(), this.config.companyTimeZone), simulacro: false });
    });
    if (!this.config.scheduledJobs) return;
    // Shared by every instance: the last to start sets it, to the configuration they all share.
    if (this.config.privacidad.cron) await this.jobs.schedule(PRIVACIDAD_QUEUE, this.config.privacidad.cron, this.config.companyTimeZone);
    else await this.jobs.unschedule(PRIVACIDAD_QUEUE);
  }

  async aplicar(opciones: OpcionesRetencion): Promise<ResultadoRetencion> {
    const resultado = await aplicarRetencion({ dataSource: this.dataSource, storage: this.storage, plazos: this.config, logger: this.logger }, opciones);
    const { bloqueo, purga } = resultado;
    this.logger.log(
      bloqueo.ejecutado && purga.ejecutado
        ? `Retention of ${resultado.hoy}${resultado.simulacro ? ' (dry run)' : ''}: ${bloqueo.filas} row(s) blocked, ${purga.filas} purged, ${purga.archivos} file(s) removed`
        : `Retention of ${resultado.hoy}: another run was in progress`,
    );
    return resultado;
  }
}
