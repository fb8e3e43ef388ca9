import { DATOS_DE_ACTIVIDAD } from './datos-de-actividad.js';
import { DATOS_DE_PERFIL } from './datos-de-perfil.js';
import { DATOS_DE_SOLICITUDES } from './datos-de-solicitudes.js';
import type { TipoDeDatos } from './tipo-de-datos.js';

/** Every kind of data the export holds, in the order of its files. */
export const TIPOS_EXPORTADOS: readonly TipoDeDatos[] = [...DATOS_DE_PERFIL, ...DATOS_DE_SOLICITUDES, ...DATOS_DE_ACTIVIDAD];
