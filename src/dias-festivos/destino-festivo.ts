import type { AmbitoFestivo } from '../calendario-laboral/ambito-festivo.js';
import { destinoFestivoInvalido } from './dia-festivo-errors.js';

interface Destino {
  ambito: AmbitoFestivo;
  comunidad_autonoma?: string;
  id_centro_trabajo?: number;
  excluye_nacional?: boolean;
}

/** Which target fields each scope needs: the rest must be left out. */
const REQUIERE: Record<AmbitoFestivo, 'comunidad_autonoma' | 'id_centro_trabajo' | null> = {
  nacional: null,
  autonomico: 'comunidad_autonoma',
  local: 'id_centro_trabajo',
};

export interface ProblemaDestino {
  campo: 'comunidad_autonoma' | 'id_centro_trabajo' | 'excluye_nacional';
  /** True: the scope needs the field; false: it does not allow it. */
  falta: boolean;
  mensaje: string;
}

/** The first target field that does not fit the scope, if any. */
export function problemaDeDestino({ ambito, ...destino }: Destino): ProblemaDestino | undefined {
  const requerido = REQUIERE[ambito];
  if (requerido && destino[requerido] === undefined) return { campo: requerido, falta: true, mensaje: `es obligatorio con el ámbito ${ambito}.` };
  for (const campo of ['comunidad_autonoma', 'id_centro_trabajo'] as const) {
    if (campo !== requerido && destino[campo] !== undefined) return { campo, falta: false, mensaje: `no se permite con el ámbito ${ambito}.` };
  }
  if (destino.excluye_nacional && ambito !== 'autonomico') return { campo: 'excluye_nacional', falta: false, mensaje: 'solo se permite con el ámbito autonomico.' };
  return undefined;
}

/** Refuses a body whose target does not fit its scope, naming the field (400 destino_festivo_invalido). */
export function comprobarDestino(destino: Destino): void {
  const problema = problemaDeDestino(destino);
  if (problema) throw destinoFestivoInvalido(problema.campo, problema.mensaje);
}
