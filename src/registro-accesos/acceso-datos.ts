/** What was read of another person's personal data: the resource names stored in `acceso_datos.recurso`. */
export const RECURSOS_ACCESO = ['empleado', 'solicitud', 'documento', 'archivo', 'fichajes', 'exportacion'] as const;
export type RecursoAcceso = (typeof RECURSOS_ACCESO)[number];

/** One read of `idTitular`'s data by `idLector`. A read of one's own data is not logged. */
export interface AccesoDatos {
  idLector: number;
  idTitular: number;
  recurso: RecursoAcceso;
  /** The record read (a request's id, a month…), when the read names one; at most 40 characters. */
  idRecurso?: string | number | null;
}
