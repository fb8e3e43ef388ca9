import type { TipoDatoConservado } from '../config/app-config.js';

export const TIPOS_CONSERVADOS: readonly TipoDatoConservado[] = ['solicitudes', 'documentos', 'fichajes', 'notificaciones', 'historial', 'accesos'];

/** What one phase did (or, in a dry run, would do): rows per kind of data, and per employee whose data it was. */
export interface ResultadoFase {
  /** False when another run held the lock: this one did nothing. */
  ejecutado: boolean;
  filas: number;
  por_tipo: Record<TipoDatoConservado, number>;
  /** Employee id → rows per kind. */
  por_empleado: Record<string, Partial<Record<TipoDatoConservado, number>>>;
}

export interface ResultadoPurga extends ResultadoFase {
  /** Stored files removed. */
  archivos: number;
  /** Blocked rows left for the next run because one of their files could not be removed. */
  pendientes: number;
}

/** Counts rows as a phase moves them; also the run's budget, so that one run stays bounded. */
export class Informe {
  readonly porTipo = Object.fromEntries(TIPOS_CONSERVADOS.map((tipo) => [tipo, 0])) as Record<TipoDatoConservado, number>;
  readonly porEmpleado = new Map<number, Partial<Record<TipoDatoConservado, number>>>();
  filas = 0;

  constructor(private readonly maxFilas: number) {}

  anotar(tipo: TipoDatoConservado, idEmpleado: number, filas: number): void {
    if (filas === 0) return;
    this.filas += filas;
    this.porTipo[tipo] += filas;
    const delEmpleado = this.porEmpleado.get(idEmpleado) ?? {};
    delEmpleado[tipo] = (delEmpleado[tipo] ?? 0) + filas;
    this.porEmpleado.set(idEmpleado, delEmpleado);
  }

  /** Whether this run may start another batch; what is left waits for the next run. */
  get quedaPresupuesto(): boolean {
    return this.filas < this.maxFilas;
  }

  resultado(): ResultadoFase {
    const por_empleado = Object.fromEntries([...this.porEmpleado].sort(([a], [b]) => a - b).map(([id, tipos]) => [String(id), tipos]));
    return { ejecutado: true, filas: this.filas, por_tipo: { ...this.porTipo }, por_empleado };
  }
}

export function faseNoEjecutada(): ResultadoFase {
  return { ...new Informe(0).resultado(), ejecutado: false };
}
