import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AprobacionesService } from '../aprobaciones/aprobaciones.service.js';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { fechaEnFrase } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { claimTaskRun } from '../database/task-run.js';
import { NotificacionesRepository } from '../notificaciones/notificaciones.repository.js';
import { ultimoDiaVencido } from './cierre-de-jornada.js';
import { type DiaIncompleto, IncompletosRepository } from './incompletos.repository.js';
import { FichajesRepository } from './fichajes.repository.js';

export const TAREA_FICHAJES_INCOMPLETOS = 'fichajes_incompletos';

/** Open days marked per statement: a tick's notifications are written in batches of this size. */
const LOTE_INCOMPLETOS = 1000;

const TITULO = 'Jornada sin fichaje de salida';

export interface ResultadoIncompletos {
  /** False when another instance already ran this tick. */
  ejecutado: boolean;
  marcados: number;
}

/**
 * Marks the days left open past their end plus FICHAJE_CIERRE_HORAS as `incompleto` and tells the employee
 * and whoever decides their requests. Nothing is added to the register: the day waits for a correction.
 */
@Injectable()
export class IncompletosService {
  private readonly logger = new Logger(IncompletosService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly incompletos: IncompletosRepository,
    private readonly fichajes: FichajesRepository,
    private readonly notificaciones: NotificacionesRepository,
    private readonly aprobaciones: AprobacionesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `clave` names the tick: of the instances firing for it, only the first to claim it marks and notifies.
   * `lote` is the batch size (tests make it small to see the batches follow one another).
   */
  async run(clave: string, lote = LOTE_INCOMPLETOS): Promise<ResultadoIncompletos> {
    const resultado = await this.dataSource.transaction(async (manager) => {
      if (!(await claimTaskRun(manager, TAREA_FICHAJES_INCOMPLETOS, clave))) return { ejecutado: false, marcados: 0 };
      const ahora = await this.fichajes.now(manager);
      const zonaEmpresa = this.config.companyTimeZone;
      const zonas = new Set([zonaEmpresa, ...(await this.incompletos.zonasDeCentros(manager))]);
      const limites = [...zonas].map((zona) => ({ zona, hasta: ultimoDiaVencido(ahora, zona, this.config.cierreFichajes.horas) }));
      let marcados = 0;
      for (;;) {
        const dias = await this.incompletos.marcarVencidos(manager, limites, zonaEmpresa, lote);
        await this.avisar(manager, dias);
        marcados += dias.length;
        if (dias.length < lote) return { ejecutado: true, marcados };
      }
    });
    if (resultado.marcados > 0) this.logger.log(`Open days ${clave}: ${resultado.marcados} marked incompleto`);
    return resultado;
  }

  private async avisar(manager: EntityManager, dias: readonly DiaIncompleto[]): Promise<void> {
    if (dias.length === 0) return;
    await this.notificaciones.insertMany(
      manager,
      dias.map((dia) => ({
        idUsuario: dia.id_empleado,
        tipo: TipoNotificacionId.FichajeIncompleto,
        titulo: TITULO,
        mensaje: `Tu jornada del ${fechaEnFrase(dia.fecha)} no tiene fichaje de salida y consta como incompleta. Solicita una corrección con las horas reales.`,
      })),
    );
    await this.aprobaciones.notifyApproversOfEmployees(
      manager,
      TipoNotificacionId.FichajeIncompleto,
      dias.map((dia) => ({
        id_empleado: dia.id_empleado,
        titulo: `${TITULO}: ${dia.nombre}`,
        mensaje: `La jornada del ${fechaEnFrase(dia.fecha)} de ${dia.nombre} no tiene fichaje de salida y consta como incompleta, pendiente de corrección.`,
      })),
    );
  }
}
