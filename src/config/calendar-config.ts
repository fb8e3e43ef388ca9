import type { AppConfig } from './app-config.js';
import type { Environment } from './environment.js';

/** What counting working time and balances needs of the configuration, for the tools that change calendars. */
export type CalendarConfig = Pick<AppConfig, 'companyTimeZone' | 'vacacionesCaducidad'>;

export function calendarConfig(env: Environment): CalendarConfig {
  return { companyTimeZone: env.COMPANY_TIMEZONE, vacacionesCaducidad: env.VACACIONES_CADUCIDAD ?? null };
}
