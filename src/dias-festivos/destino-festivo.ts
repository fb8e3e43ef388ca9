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

/** Refuses a body whose target does not fit its scope, naming the field (400 validacion). */
export function comprobarDestino({ ambito, ...destino }: Destino): void {
  const requerido = REQUIERE[ambito];
  if (requerido && destino[requerido] === undefined) throw destinoFestivoInvalido(requerido, `es obligatorio con el ámbito ${ambito}.`);
  for (const campo of ['comunidad_autonoma', 'id_centro_trabajo'] as const) {
    if (campo !== requerido && destino[campo] !== undefined) throw destinoFestivoInvalido(campo, `no se permite con el ámbito ${ambito}.`);
  }
  if (destino.excluye_nacional && ambito !== 'autonomico') throw destinoFestivoInvalido('excluye_nacional', 'solo se permite con el ámbito autonomico.');
}
