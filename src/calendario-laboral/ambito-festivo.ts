/** Who a holiday reaches: everyone, the employees of centres in one community, or those of one centre. */
export const AMBITOS_FESTIVO = ['nacional', 'autonomico', 'local'] as const;

export type AmbitoFestivo = (typeof AMBITOS_FESTIVO)[number];

/** Whose holidays: a centre (its community's and its own) or only a community; neither is national only. */
export interface DestinoFestivos {
  comunidad_autonoma: string | null;
  id_centro_trabajo: number | null;
}

export const SOLO_NACIONALES: DestinoFestivos = { comunidad_autonoma: null, id_centro_trabajo: null };
