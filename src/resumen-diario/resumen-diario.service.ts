import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { calendarDateAt, type CalendarDate } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CorreoMailer } from '../correo/correo-mailer.js';
import { JobsService } from '../jobs/jobs.service.js';
import { correoDeResumen } from './resumen-diario-correo.js';
import { ResumenDiarioRepository } from './resumen-diario.repository.js';

/** The scheduled run: finds who gets a digest today and queues one e-mail job for each. */
export const RESUMEN_DIARIO_QUEUE = 'resumen-diario';
/** One digest e-mail, retried on its own. */
export const RESUMEN_CORREO_QUEUE = 'correo-resumen-diario';
/** Requests listed in one digest at most; the rest are counted ("y N más"). */
export const MAX_PENDIENTES_EN_RESUMEN = 50;

interface ResumenJob {
  id_empleado: number;
  fecha: CalendarDate;
}

/**
 * The approvers' daily digest (preference `resumen_diario`): at DIGEST_CRON in COMPANY_TIMEZONE, one e-mail to
 * each approver who chose it, listing what waits on their decision; none when nothing waits. The tick is a
 * pg-boss schedule, so one instance runs it however many run; each e-mail is a job of its own.
 */
@Injectable()
export class ResumenDiarioService implements OnApplicationBootstrap {
  private readonly logger = new Logger('ResumenDiario');

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly repository: ResumenDiarioRepository,
    private readonly mailer: CorreoMailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.mail) return;
    await this.jobs.work<ResumenJob>(RESUMEN_CORREO_QUEUE, (job) => this.enviar(job.id_empleado, job.fecha));
    await this.jobs.work<object>(RESUMEN_DIARIO_QUEUE, async () => {
      await this.run();
    });
    if (!this.config.scheduledJobs) return;
    // The schedule is shared by every instance: the last to start sets it, to the configuration they all share.
    if (this.config.digestCron) await this.jobs.schedule(RESUMEN_DIARIO_QUEUE, this.config.digestCron, this.config.companyTimeZone);
    else await this.jobs.unschedule(RESUMEN_DIARIO_QUEUE);
  }

  /** Queues today's digests; answers how many. What the schedule runs, and what a test or an operator may run. */
  async run(): Promise<number> {
    if (!this.config.mail) return 0;
    const fecha = calendarDateAt(new Date(), this.config.companyTimeZone);
    const queued = await this.dataSource.transaction(async (manager) => {
      const destinatarios = await this.repository.destinatarios(manager, this.config.aprobacion, fecha);
      return this.jobs.enqueueMany<ResumenJob>(manager, RESUMEN_CORREO_QUEUE, destinatarios.map((id_empleado) => ({ id_empleado, fecha })));
    });
    this.logger.log(`Daily digest of ${fecha}: ${queued} e-mail(s) queued`);
    return queued;
  }

  /** Read when sent: a request decided meanwhile is left out, and nothing goes when nothing waits any more. */
  private async enviar(idEmpleado: number, fecha: CalendarDate): Promise<void> {
    const resumen = await this.repository.resumen(this.config.aprobacion, idEmpleado, fecha, MAX_PENDIENTES_EN_RESUMEN);
    if (!resumen || resumen.total === 0) return;
    // One per approver and day, the same on every try.
    const messageId = `<resumen-${idEmpleado}-${fecha}@${this.config.mail!.fromDomain}>`;
    await this.mailer.send(correoDeResumen(resumen, this.config.mail!.appBaseUrl, messageId));
  }
}
