import { addDays, calendarDateAt } from '../../src/common/calendar-date.js';

export { addDays };

/** Today in UTC, the test apps' COMPANY_TIMEZONE. */
export function today(): string {
  return calendarDateAt(new Date(), 'UTC');
}

/** The Monday `weeks` weeks after this week's: tests book Monday–Friday, five working days. */
export function mondayInWeeks(weeks: number): string {
  const now = today();
  const weekday = new Date(`${now}T00:00:00Z`).getUTCDay();
  return addDays(now, ((8 - weekday) % 7 || 7) + 7 * (weeks - 1));
}

export const currentYear = () => Number(today().slice(0, 4));
