import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CalendarioLaboralService } from '../calendario-laboral/calendario-laboral.service.js';
import { type CalendarDate, calendarDateAt } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FichajesRepository } from './fichajes.repository.js';
import { type FilaResumenEmpresa, filaDeEmpleado, nuevoCodigo } from './resumen-empresa.js';
import { type EmpleadoSeudonimizado, ResumenEmpresaRepository } from './resumen-empresa.repository.js';

/**
 * Employees counted at a time: their month's records (about 90 each, at most 3,100), expected minutes and
 * rows are all the memory holds, whatever the size of the company.
 */
export const LOTE_RESUMEN_EMPRESA = 250;
/** Pseudonyms made per statement. */
const LOTE_SEUDONIMOS = 1_000;
/** Rounds in a row that store nothing (every code drawn taken: 40 random bits make that all but impossible) before giving up. */
const MAX_RONDAS_VACIAS = 3;

/** A month's company totals: its rows come batch by batch, in code order, as they are read. */
export interface ResumenEmpresa {
  mes: string;
  lotes: AsyncIterable<FilaResumenEmpresa[]>;
}

/**
 * The company's month for the workers' legal representatives (ET art. 34.9): every employee employed in the
 * month under a pseudonym, with their minutes and days, never a name, an id or a record (GDPR art. 5.1.c, 25).
 */
@Injectable()
export class ResumenEmpresaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: ResumenEmpresaRepository,
    private readonly fichajes: FichajesRepository,
    private readonly calendario: CalendarioLaboralService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `mes` is `YYYY-MM` (validated). Gives every employee of the month a pseudonym first, then counts lazily. */
  async resumen(mes: string): Promise<ResumenEmpresa> {
    const { desde, hasta } = limitesDelMes(mes);
    await this.asignarSeudonimos(desde, hasta);
    return { mes, lotes: this.lotes(desde, hasta) };
  }

  /**
   * Random codes for those without one, each INSERT on its own: another instance giving the same employee a code
   * at once wins (ON CONFLICT), and a code already taken is drawn again in the next round.
   */
  private async asignarSeudonimos(desde: CalendarDate, hasta: CalendarDate): Promise<void> {
    const manager = this.dataSource.manager;
    for (let vacias = 0; vacias < MAX_RONDAS_VACIAS; ) {
      const ids = await this.repository.sinSeudonimo(manager, desde, hasta, LOTE_SEUDONIMOS);
      if (ids.length === 0) return;
      const guardados = await this.repository.guardarSeudonimos(manager, ids, ids.map(() => nuevoCodigo()));
      vacias = guardados === 0 ? vacias + 1 : 0;
    }
    throw new Error('No pseudonym could be stored for some employees: every code drawn was taken');
  }

  private async *lotes(desde: CalendarDate, hasta: CalendarDate): AsyncGenerator<FilaResumenEmpresa[]> {
    const manager = this.dataSource.manager;
    const ahora = await this.fichajes.now(manager);
    let despuesDe: string | null = null;
    for (;;) {
      const empleados = await this.repository.pagina(manager, desde, hasta, despuesDe, LOTE_RESUMEN_EMPRESA);
      if (empleados.length > 0) yield await this.filas(manager, empleados, desde, hasta, ahora);
      if (empleados.length < LOTE_RESUMEN_EMPRESA) return;
      despuesDe = empleados.at(-1)!.codigo;
    }
  }

  /** One batch: its records, incompleto marks and expected minutes in six queries, then each row. */
  private async filas(manager: EntityManager, empleados: readonly EmpleadoSeudonimizado[], desde: CalendarDate, hasta: CalendarDate, ahora: Date): Promise<FilaResumenEmpresa[]> {
    const ids = empleados.map((empleado) => empleado.id_empleado);
    // Side by side on the pool (queued on the embedded database's one connection): no transaction, so nothing to share.
    const [fichajes, incompletos, previstos] = await Promise.all([
      this.repository.fichajesDe(manager, ids, desde, hasta),
      this.repository.incompletosDe(manager, ids, desde, hasta),
      this.calendario.minutosPrevistosDeEmpleados(manager, ids, desde, hasta),
    ]);
    const hoyEn = new Map<string, CalendarDate>();
    const hoy = (zona: string) => hoyEn.get(zona) ?? hoyEn.set(zona, calendarDateAt(ahora, zona)).get(zona)!;
    return empleados.map((empleado) => {
      const suyos = previstos.get(empleado.id_empleado)!;
      return filaDeEmpleado(
        {
          codigo: empleado.codigo,
          fecha_alta: empleado.fecha_alta,
          fecha_baja: empleado.fecha_baja,
          calendario: suyos.calendario,
          previstos: suyos.dias,
          fichajes: fichajes.get(empleado.id_empleado) ?? [],
          incompletos: incompletos.get(empleado.id_empleado) ?? new Set(),
          ahora,
          hoy: hoy(empleado.zona_horaria ?? this.config.companyTimeZone),
        },
        this.config.horasSemanaCompleta,
      );
    });
  }
}

/** The first and last day of a `YYYY-MM` month. */
export function limitesDelMes(mes: string): { desde: CalendarDate; hasta: CalendarDate } {
  const [anio, numero] = mes.split('-').map(Number) as [number, number];
  const dias = new Date(Date.UTC(anio, numero, 0)).getUTCDate();
  return { desde: `${mes}-01`, hasta: `${mes}-${String(dias).padStart(2, '0')}` };
}
