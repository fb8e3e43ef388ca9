import { createHash, randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { rolNoPermitido } from '../auth/roles.guard.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { apiError } from '../common/api-error.js';
import { addDays, calendarDateAt } from '../common/calendar-date.js';
import { parseZonedDateTime } from '../common/zoned-date-time.js';
import { tramo } from '../calendario-laboral/medios-dias.js';
import type { CalendarioEntry } from './calendario-entry.js';
import { CalendarioEnlaceRepository } from './calendario-enlace.repository.js';
import { CalendarioService } from './calendario.service.js';

/** The feed's window around today: a month back, about six months ahead. */
export const FEED_DIAS_ATRAS = 30;
export const FEED_DIAS_ADELANTE = 180;

/** Keys are 32 random bytes in base64url (43 characters); anything longer is not one. */
const MAX_CLAVE_LENGTH = 100;

const enlaceNoEncontrado = () => apiError(HttpStatus.NOT_FOUND, 'enlace_no_encontrado', 'El enlace de calendario no existe.');

const sha256 = (clave: string): Buffer => createHash('sha256').update(clave, 'utf8').digest();

@Injectable()
export class CalendarioFeedService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly enlaces: CalendarioEnlaceRepository,
    private readonly calendario: CalendarioService,
  ) {}

  /** A new secret URL for the employee; the previous one, if any, stops working. */
  async rotate(idEmpleado: number): Promise<{ url: string }> {
    const clave = randomBytes(32).toString('base64url');
    // Deactivated since the request started: no key for them.
    if (!(await this.enlaces.store(idEmpleado, sha256(clave)))) throw rolNoPermitido();
    return { url: `${this.config.publicBaseUrl}/api/calendario.ics?clave=${clave}` };
  }

  /** RFC 5545 text of what the key's owner sees now (approved requests only). */
  async feed(clave: unknown): Promise<string> {
    if (typeof clave !== 'string' || clave.length === 0 || clave.length > MAX_CLAVE_LENGTH) throw enlaceNoEncontrado();
    const owner = await this.enlaces.ownerOf(sha256(clave));
    if (owner === null) throw enlaceNoEncontrado();
    const today = calendarDateAt(new Date(), this.config.companyTimeZone);
    const { entries } = await this.calendario.view(owner, { desde: addDays(today, -FEED_DIAS_ATRAS), hasta: addDays(today, FEED_DIAS_ADELANTE) });
    return this.toIcs(entries);
  }

  private toIcs(entries: CalendarioEntry[]): string {
    const host = new URL(this.config.publicBaseUrl).hostname;
    const calendar = ical({ name: 'Ausencias del equipo', prodId: { company: 'ess-api', product: 'calendario' }, method: ICalCalendarMethod.PUBLISH });
    for (const entry of entries) {
      calendar.createEvent({
        id: `solicitud-${entry.id_solicitud}@${host}`,
        ...this.when(entry),
        summary: `${entry.empleado.nombre}: ${entry.tipo.nombre}`,
        stamp: new Date(),
      });
    }
    return calendar.toString();
  }

  /** Whole days as an all-day event; halves and hours as the instants they cover (a morning ends at MEDIODIA). */
  private when(entry: CalendarioEntry): { allDay: boolean; start: string | Date; end: string | Date } {
    if (!entry.medio_dia_inicio && !entry.medio_dia_fin && !entry.hora_inicio) {
      // Without a time zone, ical-generator writes a date from its UTC fields: `YYYY-MM-DD` parses as UTC midnight.
      return { allDay: true, start: entry.fecha_inicio, end: addDays(entry.fecha_fin, 1) };
    }
    const corte = {
      medioDiaInicio: entry.medio_dia_inicio ?? null,
      medioDiaFin: entry.medio_dia_fin ?? null,
      horaInicio: entry.hora_inicio ?? null,
      horaFin: entry.hora_fin ?? null,
      horasSolicitadas: null,
    };
    const { desde, hasta } = tramo(corte, entry.fecha_inicio, entry.fecha_fin);
    return { allDay: false, start: this.instant(desde), end: this.instant(hasta) };
  }

  /** `YYYY-MM-DD HH:mm` in COMPANY_TIMEZONE (`24:00` being the next midnight) as an instant. */
  private instant(wallClock: string): Date {
    const [date, time] = wallClock.split(' ') as [string, string];
    const local = time === '24:00' ? `${addDays(date, 1)} 00:00` : wallClock;
    return parseZonedDateTime(local, this.config.companyTimeZone)!;
  }
}
