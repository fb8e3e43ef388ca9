import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';

/** Whose working calendar a change touches. */
export type Afectados =
  | { tipo: 'todos' }
  | { tipo: 'comunidad'; comunidad_autonoma: string }
  | { tipo: 'centro'; id_centro_trabajo: number }
  | { tipo: 'empleado'; id_empleado: number }
  | { tipo: 'jornada'; id_jornada: number };

/** A change of holidays, schedules or centres, described for the recount it calls for. */
export interface CambioDeCalendario {
  afectados: Afectados;
  /** The dates whose count may change (a holiday's); null for any date (a new centre or schedule). */
  fechas: CalendarDate[] | null;
  /** Why, as a Spanish clause for the history and the notification: "se ha añadido el festivo …". */
  motivo: string;
  /** Who made the change; null for SCIM and the CLI import. */
  idActor: number | null;
}

export type Recalcular = (manager: EntityManager, cambio: CambioDeCalendario) => Promise<void>;

/**
 * Where changes to the working calendar are reported, inside the transaction that makes them, so the
 * requests they touch are recounted in that same transaction. Holidays, schedules and centres sit below
 * requests and balances, so the recount (src/recalculo, above them) registers itself here.
 */
@Injectable()
export class CambiosDeCalendario {
  private recalcular: Recalcular | null = null;

  atender(recalcular: Recalcular): void {
    this.recalcular = recalcular;
  }

  async registrar(manager: EntityManager, cambio: CambioDeCalendario): Promise<void> {
    // Never a silent no-op: a change nobody recounts would leave requests counted with the old calendar.
    if (!this.recalcular) throw new Error('No recount is registered for calendar changes: RecalculoModule must be imported.');
    await this.recalcular(manager, cambio);
  }
}
