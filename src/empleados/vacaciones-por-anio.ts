import type { DiasAnio } from '../calendario-laboral/calendario-empleado.js';
import type { CalendarDate } from '../common/calendar-date.js';

/** One year's allocation and what is left of it. */
export interface PeriodoLibre {
  id_vacaciones: number;
  anio: number;
  libres: number;
}

export interface Plan {
  /** Days each allocation (by id_vacaciones) gives. */
  tomas: Map<number, number>;
  /** Days of each year no usable allocation could pay; empty when the request fits. */
  faltan: DiasAnio[];
}

/** The day after which year `anio`'s remainder can no longer be used; null when it never expires. */
export function caducidadDe(anio: number, caducidad: string | null): CalendarDate | null {
  return caducidad ? `${anio + 1}-${caducidad}` : null;
}

/**
 * Whether year `anioPeriodo`'s remainder may pay days of year `anioDias` on `hoy`. Never a later year's
 * allocation (allocating next year adds nothing bookable now). Without a caducidad any earlier year
 * pays, as before; with one, only the year before, and only up to its expiry date.
 */
export function puedePagar(anioPeriodo: number, anioDias: number, hoy: CalendarDate, caducidad: string | null): boolean {
  if (anioPeriodo > anioDias) return false;
  const caduca = caducidadDe(anioPeriodo, caducidad);
  return caduca === null || (anioDias - anioPeriodo <= 1 && hoy <= caduca);
}

/**
 * Takes each year's days from the usable allocations, oldest first, out of `periodos` (consumed in
 * place, so several requests can be planned one after another). Counted in hundredths: allocations
 * have two decimals and floats would drift.
 */
export function planificar(periodos: PeriodoLibre[], demanda: DiasAnio[], hoy: CalendarDate, caducidad: string | null): Plan {
  const tomas = new Map<number, number>();
  const faltan: DiasAnio[] = [];
  for (const { anio, dias } of demanda) {
    let resto = Math.round(dias * 100);
    for (const periodo of periodos) {
      if (resto === 0) break;
      if (!puedePagar(periodo.anio, anio, hoy, caducidad)) continue;
      const toma = Math.min(resto, Math.round(periodo.libres * 100));
      if (toma <= 0) continue;
      periodo.libres = (Math.round(periodo.libres * 100) - toma) / 100;
      tomas.set(periodo.id_vacaciones, (Math.round((tomas.get(periodo.id_vacaciones) ?? 0) * 100) + toma) / 100);
      resto -= toma;
    }
    if (resto > 0) faltan.push({ anio, dias: resto / 100 });
  }
  return { tomas, faltan };
}
