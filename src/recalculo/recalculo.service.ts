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
import { avisoRecalculo, comentarioRecalculo, comentarioSinSaldo } from './recalculo-mensajes.js';
import { RecalculoRepository, type SolicitudARecontar } from './recalculo.repository.js';

/** A candidate whose count changes. */
interface Recuento {
  solicitud: SolicitudARecontar;
  dias: number;
  porAnio: DiasAnio[];
  /** Approved vacation whose split and deduction were corrected. */
  recontada: boolean;
}

/** What the history and the owner are told: the new count, or null when the balance could not pay it. */
interface Nota {
  solicitud: SolicitudARecontar;
  dias: number | null;
  comentario: string;
}

const reparto = ({ solicitud, porAnio }: Recuento) => ({ id_solicitud: solicitud.id_solicitud, porAnio });

const esVacaciones = (solicitud: SolicitudARecontar) => solicitud.id_tipo_solicitud === TipoSolicitudId.Vacaciones;

const vacacionesEn =
  (estado: EstadoSolicitudId) =>
  ({ solicitud }: Recuento) =>
    esVacaciones(solicitud) && solicitud.id_estado_solicitud === estado;

const esAprobada = vacacionesEn(EstadoSolicitudId.Aprobada);

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
    if (candidatas.length === 0) return;
    const recuentos = await this.contar(manager, candidatas);
    const notas: Nota[] = [];
    const guardadas: Recuento[] = [];
    const sinSaldo = await this.recontarAprobadas(manager, recuentos.filter(esAprobada));
    const pendientes = recuentos.filter(vacacionesEn(EstadoSolicitudId.Pendiente));
    if (pendientes.length > 0) await this.repository.reemplazarDiasPorAnio(manager, pendientes.map(reparto));
    for (const recuento of recuentos) {
      const { solicitud, dias } = recuento;
      const faltante = sinSaldo.get(solicitud.id_solicitud);
      if (faltante !== undefined) {
        notas.push({ solicitud, dias: null, comentario: comentarioSinSaldo(solicitud.dias_solicitados, dias, faltante, cambio.motivo) });
      } else if (!esAprobada(recuento) || recuento.recontada) {
        guardadas.push(recuento);
        notas.push({ solicitud, dias, comentario: comentarioRecalculo(solicitud.dias_solicitados, dias, cambio.motivo) });
      }
    }
    if (guardadas.length > 0) await this.repository.guardarDias(manager, guardadas.map(({ solicitud, dias }) => ({ id_solicitud: solicitud.id_solicitud, dias })));
    if (notas.length > 0) await this.anotarYAvisar(manager, notas, cambio);
  }

  /**
   * The candidates whose count or split by year changes, with the new ones: every employee's calendar loaded
   * at once over the dates of all the candidates, and the recorded splits read at once.
   */
  private async contar(manager: EntityManager, candidatas: SolicitudARecontar[]): Promise<Recuento[]> {
    const inicio = candidatas.reduce((menor, s) => (s.fecha_inicio < menor ? s.fecha_inicio : menor), candidatas[0]!.fecha_inicio);
    const fin = candidatas.reduce((mayor, s) => (s.fecha_fin > mayor ? s.fecha_fin : mayor), candidatas[0]!.fecha_fin);
    const calendarios = await this.calendario.deEmpleados(manager, [...new Set(candidatas.map((s) => s.id_empleado))], inicio, fin);
    const repartos = await this.repository.diasPorAnio(manager, candidatas.filter(esVacaciones).map((s) => s.id_solicitud));
    const recuentos: Recuento[] = [];
    for (const solicitud of candidatas) {
      const corte: Corte = { medioDiaInicio: solicitud.medio_dia_inicio, medioDiaFin: solicitud.medio_dia_fin, horaInicio: null, horaFin: null, horasSolicitadas: null };
      const { dias, porAnio } = calendarios.get(solicitud.id_empleado)!.cuenta(corte, solicitud.fecha_inicio, solicitud.fecha_fin);
      const mismoReparto = !esVacaciones(solicitud) || mismosDias(repartos.get(solicitud.id_solicitud) ?? [], porAnio);
      if (Math.round(dias * 100) !== Math.round(solicitud.dias_solicitados * 100) || !mismoReparto) recuentos.push({ solicitud, dias, porAnio, recontada: false });
    }
    return recuentos;
  }

  /**
   * Approved vacation: its split by year, and its deduction: the days taken are given back and the new
   * count taken again, request by request (each employee's balance is planned in order). When the balance
   * cannot pay a higher count, nothing changes (a savepoint undoes the attempt): answers those requests,
   * with the year short of days. Marks the others `recontada`; those approved before the deduction ledger
   * existed (what they took is not known, so it cannot be corrected) are neither.
   */
  private async recontarAprobadas(manager: EntityManager, aprobadas: Recuento[]): Promise<Map<number, number>> {
    const sinSaldo = new Map<number, number>();
    if (aprobadas.length === 0) return sinSaldo;
    const conDeduccion = await this.repository.conDeduccion(manager, aprobadas.map(({ solicitud }) => solicitud.id_solicitud));
    const corregibles = aprobadas.filter(({ solicitud }) => conDeduccion.has(solicitud.id_solicitud));
    await this.repository.lockAllocations(manager, [...new Set(corregibles.map(({ solicitud }) => solicitud.id_empleado))]);
    for (const recuento of corregibles) {
      const { id_solicitud: id, id_empleado: idEmpleado } = recuento.solicitud;
      await manager.query('SAVEPOINT recalculo');
      await this.repository.reemplazarDiasPorAnio(manager, [reparto(recuento)]);
      await this.deducciones.giveBack(manager, id);
      const faltante = await this.vacaciones.deduct(manager, idEmpleado, id);
      if (faltante) {
        await manager.query('ROLLBACK TO SAVEPOINT recalculo');
        sinSaldo.set(id, faltante.anio);
      } else {
        await manager.query('RELEASE SAVEPOINT recalculo');
        recuento.recontada = true;
      }
    }
    return sinSaldo;
  }

  /** The history rows and the owners' notifications, in the candidates' order, two statements in all. */
  private async anotarYAvisar(manager: EntityManager, notas: Nota[], cambio: CambioDeCalendario): Promise<void> {
    await this.repository.anotar(manager, notas, cambio.idActor);
    await this.notificaciones.insertMany(
      manager,
      notas.map(({ solicitud, dias }) => ({
        idUsuario: solicitud.id_empleado,
        tipo: TipoNotificacionId.Recalculo,
        ...avisoRecalculo(solicitud, dias, cambio.motivo),
        idRemitente: cambio.idActor,
        idSolicitud: solicitud.id_solicitud,
      })),
    );
  }
}
