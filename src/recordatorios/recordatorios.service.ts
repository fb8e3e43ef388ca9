import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { claimTaskRun } from '../database/task-run.js';
import { RecordatoriosRepository } from './recordatorios.repository.js';
import { AprobacionesService } from '../aprobaciones/aprobaciones.service.js';

export const TAREA_RECORDATORIOS = 'recordatorios';

const TITULO = 'Solicitudes pendientes de revisión';

export interface ResultadoRecordatorios {
  /** False when another instance already ran this tick. */
  ejecutado: boolean;
  pendientes: number;
  notificados: number;
}

/** Reminds approvers (whoever APROBACION routes a request to) of requests that have waited too long for a decision. */
@Injectable()
export class RecordatoriosService {
  private readonly logger = new Logger(RecordatoriosService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly recordatorios: RecordatoriosRepository,
    private readonly aprobaciones: AprobacionesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `clave` names the run (the scheduled minute): every instance firing for the same tick uses the
   * same key, and only the one that records it first sends the reminders.
   */
  async run(clave: string): Promise<ResultadoRecordatorios> {
    const dias = this.config.reminders.pendingDays;
    const resultado = await this.dataSource.transaction(async (manager) => {
      if (!(await claimTaskRun(manager, TAREA_RECORDATORIOS, clave))) return { ejecutado: false, pendientes: 0, notificados: 0 };
      const { total } = await this.recordatorios.pendingOlderThan(manager, dias);
      if (total === 0) return { ejecutado: true, pendientes: 0, notificados: 0 };
      // Each approver is told of what waits on them, as the list of pending requests shows it: in the spec's
      // mode every Admin but the owner, in the routed modes the manager, their delegates or the Admins.
      const notificados = await this.aprobaciones.remindApprovers(manager, dias, TITULO);
      return { ejecutado: true, pendientes: total, notificados };
    });
    if (resultado.ejecutado) this.logger.log(`Reminders ${clave}: ${resultado.pendientes} overdue, ${resultado.notificados} approvers notified`);
    return resultado;
  }
}
