import { type CalendarDate, countWorkingDays } from '../common/calendar-date.js';

/** Working days of a request that fall in one calendar year. */
export interface DiasAnio {
  anio: number;
  dias: number;
}

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

/**
 * The request's working days per calendar year (holidays left out), oldest year first. Whole days
 * only: `menosMediosDias` then takes the half days off their years.
 */
export function diasPorAnio(inicio: CalendarDate, fin: CalendarDate, festivos: ReadonlySet<CalendarDate>): DiasAnio[] {
  const result: DiasAnio[] = [];
  // A request covers at most 366 days, so this visits at most two years.
  for (let anio = Number(inicio.slice(0, 4)); anio <= Number(fin.slice(0, 4)); anio += 1) {
    const desde = anio === Number(inicio.slice(0, 4)) ? inicio : `${anio}-01-01`;
    const hasta = anio === Number(fin.slice(0, 4)) ? fin : `${anio}-12-31`;
    const dias = countWorkingDays(desde, hasta, festivos);
    if (dias > 0) result.push({ anio, dias });
  }
  return result;
}

/** The split with half days taken off: each date in `mediosDias` weighs half a day less in its year. */
export function menosMediosDias(porAnio: DiasAnio[], mediosDias: readonly CalendarDate[]): DiasAnio[] {
  return porAnio.map(({ anio, dias }) => ({ anio, dias: dias - 0.5 * mediosDias.filter((fecha) => Number(fecha.slice(0, 4)) === anio).length }));
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
