import { InitialSchema1763683200000 } from './1763683200000-initial-schema.js';
import { SolicitudesYNotificaciones1763769600000 } from './1763769600000-solicitudes-y-notificaciones.js';

/** Every migration, oldest first. Listed explicitly: globs do not work reliably under ESM. */
export const migrations = [InitialSchema1763683200000, SolicitudesYNotificaciones1763769600000];
