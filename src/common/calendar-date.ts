import { isInDateWindow } from './date-window.js';

/** Calendar dates as `YYYY-MM-DD` strings: they compare correctly as strings and carry no time zone. */
export type CalendarDate = string;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * Reads an ISO 8601 date or date-time as a calendar date in `timeZone`. A date-time without an
 * offset is already local to the company. Returns null for bad formats, impossible dates and dates
 * outside DATE_WINDOW.
 */
export function parseCalendarDate(input: string, timeZone: string): CalendarDate | null {
  const date = readCalendarDate(input, timeZone);
  return date !== null && isInDateWindow(date) ? date : null;
}

function readCalendarDate(input: string, timeZone: string): CalendarDate | null {
  const dateOnly = DATE_ONLY.exec(input);
  if (dateOnly) return isRealDate(+dateOnly[1]!, +dateOnly[2]!, +dateOnly[3]!) ? input : null;

  const dateTime = DATE_TIME.exec(input);
  if (!dateTime) return null;
  const [, year, month, day, hour, minute, second = '0', offset] = dateTime;
  if (!isRealDate(+year!, +month!, +day!) || +hour! > 23 || +minute! > 59 || +second > 59) return null;
  if (!offset) return `${year}-${month}-${day}`;
  const instant = new Date(input);
  return Number.isNaN(instant.getTime()) ? null : calendarDateAt(instant, timeZone);
}

/** One formatter per time zone: making one costs far more than formatting with it. Zones are IANA names, a bounded set. */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in `timeZone`. */
export function calendarDateAt(instant: Date, timeZone: string): CalendarDate {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const utc = toUtc(date);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/** How many days `start` to `end` covers, both included; 0 when `end` comes first. */
/** The same day `anios` years later; 29 February becomes 28 February in a year that has none. */
export function addYears(date: CalendarDate, anios: number): CalendarDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year + anios, month - 1, day));
  if (target.getUTCDate() !== day) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

export function daysInRange(start: CalendarDate, end: CalendarDate): number {
  return Math.max(0, (toUtc(end).getTime() - toUtc(start).getTime()) / DAY_MS + 1);
}

/** A date as Spanish sentences write it: `24/12/2026`. */
export function fechaEnFrase(date: CalendarDate): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

function toUtc(date: CalendarDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
