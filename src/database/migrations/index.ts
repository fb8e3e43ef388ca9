import { InitialSchema1763683200000 } from './1763683200000-initial-schema.js';

/** Every migration, oldest first. Listed explicitly: globs do not work reliably under ESM. */
export const migrations = [InitialSchema1763683200000];
