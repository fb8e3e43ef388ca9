/** The rules a work centre follows, whether it comes through the API, the CSV import or SCIM. */
export const MAX_NOMBRE_CENTRO = 100;
export const MAX_CODIGO_CENTRO = 30;
export const MAX_LOCALIDAD = 100;
export const MAX_ZONA_HORARIA = 64;

/** Letters, digits, dots, dashes and underscores: a code is typed in CSV files and matched by SCIM. */
export const CODIGO_CENTRO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const ZONAS_HORARIAS = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/**
 * The IANA time zone as the runtime spells it (`europe/madrid` → `Europe/Madrid`), or undefined when it
 * is not one: a UTC offset such as `+01:00`, which the formatter also takes, has no daylight-saving rules.
 */
export function zonaHorariaCanonica(zona: string): string | undefined {
  try {
    const canonica = new Intl.DateTimeFormat('en-US', { timeZone: zona }).resolvedOptions().timeZone;
    return ZONAS_HORARIAS.has(canonica) ? canonica : undefined;
  } catch {
    return undefined;
  }
}
