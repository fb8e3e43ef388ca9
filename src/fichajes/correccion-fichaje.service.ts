import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { calendarDateAt, type CalendarDate } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { correccionPendiente, jornadaAbierta, propuestaInvalida } from './correccion-errors.js';
import { type FichajeGuardado, CorreccionFichajeRepository } from './correccion-fichaje.repository.js';
import { type FichajePropuestoEnviado, validarPropuesta } from './correccion-propuesta.js';
import { fichajesDelDiaAgotados } from './fichaje-errors.js';
import { type FichajeRow, FichajesRepository, MAX_FICHAJES_DIA } from './fichajes.repository.js';
import { IncompletosRepository } from './incompletos.repository.js';
import { vistaCorregida } from './vista-corregida.js';
import { WebhookEventos } from '../webhooks/webhook-eventos.service.js';

/** How far back a day may be corrected: the register is kept four years (ET art. 34.9). */
export const ANIOS_CORREGIBLES = 4;

/**
 * The register's side of a correction: checking a proposed day and, once approved, appending its records
 * to the employee's chain. Both run inside the caller's transaction under the employee's row lock, the one
 * clocking takes, so a correction and a clocking never interleave.
 */
@Injectable()
export class CorreccionFichajeService {
  constructor(
    private readonly fichajes: FichajesRepository,
    private readonly incompletos: IncompletosRepository,
    private readonly correcciones: CorreccionFichajeRepository,
    private readonly webhooks: WebhookEventos,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Locks the employee and checks a proposal for their day `fecha`: the date (not ahead of today, not before
   * fecha_alta, at most four years back), the records (see validarPropuesta), no other correction of the day
   * pending, the day not still open. Answers the records to store, each with its modalidad settled.
   */
  async preparar(manager: EntityManager, idEmpleado: number, fecha: CalendarDate, enviados: readonly FichajePropuestoEnviado[]): Promise<FichajeGuardado[]> {
    const { zona_horaria } = await this.fichajes.lockEmpleado(manager, idEmpleado);
    const zona = zona_horaria ?? this.config.companyTimeZone;
    const ahora = await this.fichajes.now(manager);
    const hoy = calendarDateAt(ahora, zona);
    const alta = await this.correcciones.fechaAlta(manager, idEmpleado);
    const errorFecha =
      fecha > hoy
        ? 'no puede ser posterior a hoy.'
        : alta !== null && fecha < alta
          ? `no puede ser anterior a la fecha de alta (${alta}).`
          : fecha < mismoDiaAniosAtras(hoy, ANIOS_CORREGIBLES)
            ? `no puede ser de hace más de ${ANIOS_CORREGIBLES} años: el registro se conserva ese tiempo.`
            : null;
    if (errorFecha) throw propuestaInvalida([{ campo: 'fecha', mensaje: errorFecha }]);
    const resultado = validarPropuesta(fecha, enviados, zona, ahora);
    if (resultado.fichajes === null) throw propuestaInvalida(resultado.errores);
    if (await this.correcciones.hayPendiente(manager, idEmpleado, fecha)) throw correccionPendiente(fecha);
    await this.exigirDiaCerrado(manager, idEmpleado, fecha, await this.fichajes.findDelDia(manager, idEmpleado, fecha));
    const prevista = (await this.fichajes.tieneTeletrabajoAprobado(manager, idEmpleado, fecha)) ? 'teletrabajo' : 'presencial';
    return resultado.fichajes.map(({ tipo, instante, modalidad }) => ({ tipo, instante: instante.toISOString(), modalidad: modalidad ?? prevista }));
  }

  /**
   * Appends the approved correction's records to the employee's chain, with origen 'correccion', the request's
   * id, and `sustituye`: the day's records in force now (the originals, or an earlier correction's).
   */
  async aplicar(manager: EntityManager, idSolicitud: number): Promise<void> {
    const propuesta = (await this.correcciones.propuesta(manager, idSolicitud))!;
    const { id_empleado: idEmpleado, fecha } = propuesta;
    await this.fichajes.lockEmpleado(manager, idEmpleado);
    const delDia = await this.fichajes.findDelDia(manager, idEmpleado, fecha);
    const vigentes = await this.exigirDiaCerrado(manager, idEmpleado, fecha, delDia);
    if (delDia.length + propuesta.fichajes.length > MAX_FICHAJES_DIA) throw fichajesDelDiaAgotados(MAX_FICHAJES_DIA);
    const sustituye = vigentes.map((fichaje) => fichaje.id_fichaje);
    const contenidos = propuesta.fichajes.map(({ tipo, instante, modalidad }) => ({
      id_empleado: idEmpleado,
      tipo,
      modalidad,
      instante: new Date(instante),
      fecha,
      origen: 'correccion' as const,
      id_solicitud: idSolicitud,
      sustituye,
    }));
    await this.fichajes.encadenar(manager, (await this.fichajes.findUltimo(manager, idEmpleado))?.hash ?? null, contenidos);
    await this.webhooks.emitir(manager, 'fichaje.corregido', { id_solicitud: idSolicitud, id_empleado: idEmpleado, fecha });
  }

  /** A day still open is the employee's to close first; one marked incompleto waits precisely for this. Answers its records in force. */
  private async exigirDiaCerrado(manager: EntityManager, idEmpleado: number, fecha: CalendarDate, delDia: readonly FichajeRow[]): Promise<FichajeRow[]> {
    const { vigentes } = vistaCorregida(delDia);
    const ultimo = vigentes.at(-1);
    if (ultimo && ultimo.tipo !== 'salida' && !(await this.incompletos.esIncompleto(manager, idEmpleado, fecha))) throw jornadaAbierta(fecha);
    return vigentes;
  }
}

/** `YYYY-MM-DD` `anios` years before (29 February compares as a string, and falls between the 28th and 1 March). */
function mismoDiaAniosAtras(fecha: CalendarDate, anios: number): CalendarDate {
  return `${String(Number(fecha.slice(0, 4)) - anios).padStart(4, '0')}${fecha.slice(4)}`;
}
