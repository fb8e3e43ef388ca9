export const TIPOS_FICHAJE = ['entrada', 'salida', 'inicio_pausa', 'fin_pausa'] as const;
export type TipoFichaje = (typeof TIPOS_FICHAJE)[number];

export const MODALIDADES = ['presencial', 'teletrabajo'] as const;
export type Modalidad = (typeof MODALIDADES)[number];

export type OrigenFichaje = 'empleado' | 'correccion';

/** Where the employee stands after their last record: none or `salida` is out, `inicio_pausa` a pause. */
export const ESTADOS_DIA = ['fuera', 'dentro', 'en_pausa'] as const;
export type EstadoDia = (typeof ESTADOS_DIA)[number];

/**
 * A day's state in answers: where its last record in force leaves the employee, `incompleto` once left open past
 * its limit, or `corregido` when its last record in force comes from an approved correction.
 */
export const ESTADOS_JORNADA = [...ESTADOS_DIA, 'incompleto', 'corregido'] as const;
export type EstadoJornada = (typeof ESTADOS_JORNADA)[number];
