import Holidays from 'date-holidays';
import type { DiaFestivoCampos } from './dias-festivos.repository.js';

const OPCIONES = { languages: ['es'], timezone: 'Europe/Madrid' };

/** A year's public holidays by date, as date-holidays derives them from its rules (not the BOE's list). */
function publicos(anio: number, region?: string): Map<string, string> {
  const calendario = region ? new Holidays('ES', region, OPCIONES) : new Holidays('ES', OPCIONES);
  const porFecha = new Map<string, string>();
  for (const festivo of calendario.getHolidays(anio)) {
    // `date` is local time ("2027-06-24 00:00:00"); `start` is UTC. Some regions list a date twice.
    if (festivo.type === 'public' && !porFecha.has(festivo.date.slice(0, 10))) porFecha.set(festivo.date.slice(0, 10), festivo.name.slice(0, 100));
  }
  return porFecha;
}

/**
 * The holidays the importer proposes for a year: Spain's national ones, and with a community
 * (`ES-CT`) the extra days date-holidays lists for it, as that community's.
 */
export function festivosPropuestos(anio: number, comunidad?: string): DiaFestivoCampos[] {
  const base = { comunidad_autonoma: null, id_centro_trabajo: null, excluye_nacional: false };
  const nacionales = publicos(anio);
  const propuestos: DiaFestivoCampos[] = [...nacionales].map(([fecha, nombre]) => ({ ...base, fecha, nombre, ambito: 'nacional' }));
  if (comunidad) {
    for (const [fecha, nombre] of publicos(anio, comunidad.slice(3))) {
      if (!nacionales.has(fecha)) propuestos.push({ ...base, fecha, nombre, ambito: 'autonomico', comunidad_autonoma: comunidad });
    }
  }
  return propuestos.sort((a, b) => a.fecha.localeCompare(b.fecha));
}
