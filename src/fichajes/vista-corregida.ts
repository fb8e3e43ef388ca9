import type { OrigenFichaje } from './fichaje-fields.js';
import type { Marca } from './jornada-del-dia.js';

/** What the corrected view reads of a record. */
export interface RegistroCorregible extends Marca {
  id_fichaje: string;
  origen: OrigenFichaje;
  sustituye: readonly (string | number)[] | null;
}

export type ConVigencia<T> = T & { en_vigor: boolean };

export interface VistaCorregida<T extends RegistroCorregible> {
  /** Every record of the day, in the order given, each saying whether it is in force. */
  fichajes: ConVigencia<T>[];
  /** The records in force, by instant (a correction's records come later in the chain than the times they state). */
  vigentes: T[];
  /** Whether the last record in force comes from a correction: the day as it stands was set by one. */
  corregido: boolean;
}

/**
 * A day's records as they count: those no other record lists in its `sustituye` are in force. Nothing is
 * removed: the records a correction replaced stay in the day, marked `en_vigor: false`.
 */
export function vistaCorregida<T extends RegistroCorregible>(fichajes: readonly T[]): VistaCorregida<T> {
  const sustituidos = new Set(fichajes.flatMap((fichaje) => (fichaje.sustituye ?? []).map(String)));
  const marcados = fichajes.map((fichaje) => ({ ...fichaje, en_vigor: !sustituidos.has(String(fichaje.id_fichaje)) }));
  const vigentes = fichajes.filter((fichaje) => !sustituidos.has(String(fichaje.id_fichaje))).sort(porInstante);
  return { fichajes: marcados, vigentes, corregido: vigentes.at(-1)?.origen === 'correccion' };
}

/** By instant, then by position in the chain: a salida during a pause shares its instant with the fin_pausa before it. */
function porInstante(a: RegistroCorregible, b: RegistroCorregible): number {
  return a.instante.getTime() - b.instante.getTime() || Number(a.id_fichaje) - Number(b.id_fichaje);
}
