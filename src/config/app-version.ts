import { readFileSync } from 'node:fs';

/** `version` in package.json, which CHANGELOG.md follows. Read at runtime: dist/config/ and src/config/ are both two levels below it. */
export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
