/**
 * Spain's autonomous communities and cities as ISO 3166-2 codes: where a work centre is, and so
 * which regional holidays its employees have. The migration CentrosDeTrabajo keeps its own copy.
 */
export const COMUNIDADES_AUTONOMAS = {
  'ES-AN': 'Andalucía',
  'ES-AR': 'Aragón',
  'ES-AS': 'Principado de Asturias',
  'ES-CN': 'Canarias',
  'ES-CB': 'Cantabria',
  'ES-CL': 'Castilla y León',
  'ES-CM': 'Castilla-La Mancha',
  'ES-CT': 'Cataluña',
  'ES-EX': 'Extremadura',
  'ES-GA': 'Galicia',
  'ES-IB': 'Illes Balears',
  'ES-RI': 'La Rioja',
  'ES-MD': 'Comunidad de Madrid',
  'ES-MC': 'Región de Murcia',
  'ES-NC': 'Comunidad Foral de Navarra',
  'ES-PV': 'País Vasco',
  'ES-VC': 'Comunitat Valenciana',
  'ES-CE': 'Ceuta',
  'ES-ML': 'Melilla',
} as const;

export type ComunidadAutonoma = keyof typeof COMUNIDADES_AUTONOMAS;

export const COMUNIDAD_AUTONOMA_CODIGOS = Object.keys(COMUNIDADES_AUTONOMAS) as ComunidadAutonoma[];
