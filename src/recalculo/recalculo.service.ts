import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CalendarioLaboralService } from '../calendario-laboral/calendario-laboral.service.js';
import type { DiasAnio } from '../calendario-laboral/calendario-empleado.js';
import { type CambioDeCalendario, CambiosDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import type { Corte } from '../calendario-laboral/medios-dias.js';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import { calendarDateAt } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DeduccionesVacacionesRepository } from '../empleados/deducciones-vacaciones.repository.js';
import { VacacionesRepository } from '../empleados/vacaciones.repository.js';
import { NotificacionesRepository } from '../notificaciones/notificaciones.repository.js';
import { SolicitudesRepository } from '../solicitudes/solicitudes.repository.js';
import { avisoRecalculo, comentarioRecalculo, comentarioSinSaldo } from './recalculo-mensajes.js';
import { RecalculoRepository, type SolicitudARecontar } from './recalculo.repository.js';

const mismosDias = (a: readonly DiasAnio[], b: readonly DiasAnio[]) =>
  a.length === b.length && a.every((dia, index) => dia.anio === b[index]!.anio && Math.round(dia.dias * 100) === Math.round(b[index]!.dias * 100));

/**
 * Nobody loses a day: when holidays, a schedule or a centre change, every pending request and every
 * approved one not yet begun that counts days on the dates touched is recounted in the change's own
 * transaction: its days, its split by year and (approved vacation) the deduction from the balance are
 * corrected, the history says why and the owner is told. Days already taken are never recounted.
 */
@Injectable()
export class RecalculoService implements OnModuleInit {
  constructor(
    private readonly cambios: CambiosDeCalendario,
    private readonly calendario: CalendarioLaboralService,
    private readonly repository: RecalculoRepository,
    private readonly solicitudes: SolicitudesRepository,
    private readonly vacaciones: VacacionesRepository,
    private readonly deducciones: DeduccionesVacacionesRepository,
    private readonly notificaciones: NotificacionesRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'companyTimeZone'>,
  ) {}

  onModuleInit(): void {
    this.cambios.atender((manager, cambio) => this.recalcular(manager, cambio));
  }

  async recalcular(manager: EntityManager, cambio: CambioDeCalendario): Promise<void> {
    const hoy = calendarDateAt(new Date(), this.config.companyTimeZone);
    await this.repository.lockEmpleados(manager, cambio.afectados);
    const candidatas = await this.repository.lockSolicitudes(manager, cambio.afectados, cambio.fechas, hoy);
    for (const solicitud of candidatas) await this.recontar(manager, solicitud, cambio);
  }

  private async recontar(manager: EntityManager, solicitud: SolicitudARecontar, cambio: CambioDeCalendario): Promise<void> {
    const { id_solicitud: id, fecha_inicio: inicio, fecha_fin: fin } = solicitud;
    const calendario = await this.calendario.deEmpleado(manager, solicitud.id_empleado, inicio, fin);
    const corte: Corte = { medioDiaInicio: solicitud.medio_dia_inicio, medioDiaFin: solicitud.medio_dia_fin, horaInicio: null, horaFin: null, horasSolicitadas: null };
    const { dias, porAnio } = calendario.cuenta(corte, inicio, fin);
    const esVacaciones = solicitud.id_tipo_solicitud === TipoSolicitudId.Vacaciones;
    const mismoReparto = !esVacaciones || mismosDias(await this.repository.diasPorAnio(manager, id), porAnio);
    if (Math.round(dias * 100) === Math.round(solicitud.dias_solicitados * 100) && mismoReparto) return;

    if (esVacaciones && !(await this.recontarVacaciones(manager, solicitud, dias, porAnio, cambio))) return;
    await this.repository.guardarDias(manager, id, dias);
    await this.anotar(manager, solicitud, comentarioRecalculo(solicitud.dias_solicitados, dias, cambio.motivo), cambio);
    await this.avisar(manager, solicitud, dias, cambio);
  }

  /**
   * The split by year, and for an approved request its deduction: the days taken are given back and the
   * new count taken again. When the balance cannot pay a higher count, nothing changes (a savepoint
   * undoes the attempt), the history says so and the owner is told; false then.
   */
  private async recontarVacaciones(manager: EntityManager, solicitud: SolicitudARecontar, dias: number, porAnio: DiasAnio[], cambio: CambioDeCalendario): Promise<boolean> {
    const id = solicitud.id_solicitud;
    const aprobada = solicitud.id_estado_solicitud === EstadoSolicitudId.Aprobada;
    // Approved before the deduction ledger existed: what it took is not known, so it cannot be corrected.
    if (aprobada && !(await this.deducciones.isRecorded(manager, id))) return false;
    if (aprobada) await this.vacaciones.lockAllocations(manager, solicitud.id_empleado);
    await manager.query('SAVEPOINT recalculo');
    await this.repository.borrarDiasPorAnio(manager, id);
    if (porAnio.length > 0) await this.vacaciones.recordDaysPerYear(manager, id, porAnio);
    if (aprobada) {
      await this.deducciones.giveBack(manager, id);
      const faltante = await this.vacaciones.deduct(manager, solicitud.id_empleado, id);
      if (faltante) {
        await manager.query('ROLLBACK TO SAVEPOINT recalculo');
        await this.anotar(manager, solicitud, comentarioSinSaldo(solicitud.dias_solicitados, dias, faltante.anio, cambio.motivo), cambio);
        await this.avisar(manager, solicitud, null, cambio);
        return false;
      }
    }
    await manager.query('RELEASE SAVEPOINT recalculo');
    return true;
  }

  private anotar(manager: EntityManager, solicitud: SolicitudARecontar, comentario: string, cambio: CambioDeCalendario): Promise<void> {
    const estado = solicitud.id_estado_solicitud;
    return this.solicitudes.insertHistory(manager, { idSolicitud: solicitud.id_solicitud, anterior: estado, nuevo: estado, idActor: cambio.idActor, comentario });
  }

  private avisar(manager: EntityManager, solicitud: SolicitudARecontar, dias: number | null, cambio: CambioDeCalendario): Promise<void> {
    const { titulo, mensaje } = avisoRecalculo(solicitud, dias, cambio.motivo);
    return this.notificaciones.insert(manager, {
      idUsuario: solicitud.id_empleado,
      tipo: TipoNotificacionId.Recalculo,
      titulo,
      mensaje,
      idRemitente: cambio.idActor,
      idSolicitud: solicitud.id_solicitud,
    });
  }
}
