import { isInDateWindow } from './date-window.js';

/**
 * Instants as the wall clock of a time zone shows them, `YYYY-MM-DD HH:mm:ss`, and back.
 * Only Intl's time-zone data is used, so the result never depends on the process's own TZ.
 */

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD`, optionally followed by `[T ]HH:mm[:ss[.fraction]]` and an offset (`Z`, `±HH`, `±HHmm`, `±HH:mm`). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
/** What parseZonedDateTime reads, as openapi.json states it. */

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `instant` on the wall clock of `timeZone`, as `YYYY-MM-DD HH:mm:ss` (fractions of a second dropped). */
export function formatZonedDateTime(instant: Date, timeZone: string): string {
  const { year, month, day, hour, minute, second } = wallClockAt(instant.getTime(), timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/**
 * Reads `YYYY-MM-DD HH:mm:ss` (or ISO 8601 with `T`, optional seconds and fraction). With an offset
 * it names that instant; without one it is the wall-clock time in `timeZone`, and a bare date is
 * its midnight. A time skipped by a DST jump moves forward by the jump (02:30 → 03:30), and a time
 * that occurs twice is its first occurrence — the "compatible" rule of Temporal and java.time.
 * Returns null for bad formats, impossible dates, times or offsets, and instants whose date in
 * `timeZone` lies outside DATE_WINDOW.
 */
export function parseZonedDateTime(input: string, timeZone: string): Date | null {
  const match = DATE_TIME.exec(input);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', offset] = match;
  // Written years outside the window never reach Intl, whose eras make years before 1 ambiguous.
  if (!isInDateWindow(`${year}-${month}-${day}`)) return null;
  const fields: WallClock = { year: +year!, month: +month!, day: +day!, hour: +hour, minute: +minute, second: +second };
  const wall = utcMillisOf(fields);
  if (wall === null) return null;
  const millis = wall + Number(fraction.padEnd(3, '0').slice(0, 3));
  const instant = offset ? instantOfOffset(millis, offset) : instantOfWallClock(millis, timeZone);
  return instant !== null && isInDateWindow(formatZonedDateTime(new Date(instant), timeZone).slice(0, 10)) ? new Date(instant) : null;
}

function instantOfOffset(wall: number, offset: string): number | null {
  const offsetMinutes = parseOffset(offset);
  return offsetMinutes === null ? null : wall - offsetMinutes * 60_000;
}

/** The instant whose wall clock in `timeZone` reads `wall` (wall-clock fields written as if UTC). */
function instantOfWallClock(wall: number, timeZone: string): number {
  // Zones change offset at most once a day, so the offsets a day either side are the only candidates.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const matching = [wall - before, wall - after].filter((instant) => offsetAt(instant, timeZone) === wall - instant);
  // None matches inside a DST gap: keeping the earlier offset lands past the jump by its length.
  return matching.length ? Math.min(...matching) : wall - before;
}

/** How far the wall clock of `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const wholeSecond = instant - (((instant % 1000) + 1000) % 1000);
  return utcMillisOf(wallClockAt(instant, timeZone))! - wholeSecond;
}

function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Milliseconds since the epoch of the fields read as UTC, or null when they name no real moment. */
function utcMillisOf(fields: WallClock): number | null {
  if (fields.hour > 23 || fields.minute > 59 || fields.second > 59) return null;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  date.setUTCHours(fields.hour, fields.minute, fields.second);
  const real = date.getUTCFullYear() === fields.year && date.getUTCMonth() === fields.month - 1 && date.getUTCDate() === fields.day;
  return real ? date.getTime() : null;
}

/** `Z`, `±HH`, `±HHmm` or `±HH:mm` in minutes east of UTC; null when out of range. */
function parseOffset(offset: string): number | null {
  if (offset === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (hours > 23 || minutes > 59) return null;
  return (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}
