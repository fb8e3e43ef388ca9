import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { ComunicadosPublisher } from '../comunicados/comunicados-publisher.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { IncompletosService, TAREA_FICHAJES_INCOMPLETOS } from '../fichajes/incompletos.service.js';
import { ResumenAvisosService, TAREA_RESUMEN_JORNADA } from '../fichajes/resumen-avisos.service.js';
import { ArchivosCleanup, TAREA_ARCHIVOS_SIN_USO } from '../uploads/archivos-cleanup.service.js';
import { RecordatoriosService, TAREA_RECORDATORIOS } from './recordatorios.service.js';
import { countJobRun } from '../telemetry/service-metrics.js';

/** The run key of a tick: its minute, identical on every instance that fires for it. */
export function runKeyOf(instant: Date): string {
  return instant.toISOString().slice(0, 16);
}

/** Scheduled announcements become visible within a minute of their publication time. */
const PUBLISH_DUE_CRON = '0 * * * * *';
export const TAREA_COMUNICADOS = 'comunicados';

/**
 * Registers the jobs with @nestjs/schedule, which stops them on shutdown (none with
 * SCHEDULED_JOBS=false): a minutely publication of due announcements, the removal of unused
 * uploads on UPLOAD_ORPHAN_CRON (unless `off`), the marking of days left open on FICHAJE_CIERRE_CRON
 * (unless `off`), the monthly summaries' notice on RESUMEN_JORNADA_CRON (unless `off`), and the reminders on
 * REMINDER_CRON in COMPANY_TIMEZONE (unless `off`), which also publish due announcements. Expressions come from configuration, so the jobs are
 * built here rather than with static @Cron decorators.
 */
@Injectable()
export class ScheduledTasks implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScheduledTasks.name);

  constructor(
    private readonly recordatorios: RecordatoriosService,
    private readonly comunicados: ComunicadosPublisher,
    private readonly archivos: ArchivosCleanup,
    private readonly incompletos: IncompletosService,
    private readonly resumenes: ResumenAvisosService,
    private readonly registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.scheduledJobs) return;
    // Safe on every instance at once: publishing claims each announcement with a conditional UPDATE.
    this.schedule(TAREA_COMUNICADOS, PUBLISH_DUE_CRON, () => this.comunicados.publishDue());
    const { orphanCron } = this.config.files;
    if (orphanCron) this.schedule(TAREA_ARCHIVOS_SIN_USO, orphanCron, (tick) => this.archivos.removeOrphans(runKeyOf(tick)));
    const cierre = this.config.cierreFichajes.cron;
    if (cierre) this.schedule(TAREA_FICHAJES_INCOMPLETOS, cierre, (tick) => this.incompletos.run(runKeyOf(tick)));
    const resumen = this.config.resumenJornadaCron;
    if (resumen) this.schedule(TAREA_RESUMEN_JORNADA, resumen, (tick) => this.resumenes.run(runKeyOf(tick)));
    const { cron } = this.config.reminders;
    if (!cron) return;
    this.schedule(TAREA_RECORDATORIOS, cron, async (tick) => {
      await this.recordatorios.run(runKeyOf(tick));
      await this.comunicados.publishDue();
    });
  }

  private schedule(name: string, cronTime: string, task: (tick: Date) => Promise<unknown>): void {
    const job = CronJob.from({
      cronTime,
      timeZone: this.config.companyTimeZone,
      start: true,
      waitForCompletion: true,
      onTick: async () => {
        try {
          await task(new Date());
          countJobRun(name, 'ok');
        } catch (error) {
          countJobRun(name, 'error');
          this.logger.error(`Scheduled task ${name} failed: ${(error as Error).message}`);
        }
      },
    });
    this.registry.addCronJob(name, job);
  }
}
