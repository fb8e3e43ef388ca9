import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RecordatoriosService, TAREA_RECORDATORIOS } from './recordatorios.service.js';

/** The run key of a tick: its minute, identical on every instance that fires for it. */
export function runKeyOf(instant: Date): string {
  return instant.toISOString().slice(0, 16);
}

/**
 * Registers the reminder job on REMINDER_CRON in COMPANY_TIMEZONE (unless `off`) with
 * @nestjs/schedule, which stops it on shutdown. The expression comes from configuration, so the
 * job is built here rather than with a static @Cron decorator.
 */
@Injectable()
export class ScheduledTasks implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScheduledTasks.name);

  constructor(
    private readonly recordatorios: RecordatoriosService,
    private readonly registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const { cron } = this.config.reminders;
    if (cron) this.schedule(TAREA_RECORDATORIOS, cron, (tick) => this.recordatorios.run(runKeyOf(tick)));
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
        } catch (error) {
          this.logger.error(`Scheduled task ${name} failed: ${(error as Error).message}`);
        }
      },
    });
    this.registry.addCronJob(name, job);
  }
}
