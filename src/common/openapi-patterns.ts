/**
 * Patterns openapi.json states for fields whose parsers say more than a JSON Schema format can: the
 * date window, real hours and months, text that is not blank. Documentation only: the parsers and
 * validators stay the judges; the positive-acceptance fuzz suite checks that both agree.
 */
const YEAR_IN_WINDOW = '(19\\d{2}|2\\d{3})';
const DATE = `${YEAR_IN_WINDOW}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])`;
const TIME = '([01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?';
const CONTROL = '\\x00-\\x1F\\x7F-\\x9F';

/** `YYYY-MM-DD` from 1900-01-01 to 2999-12-31. */
export const DATE_IN_WINDOW_PATTERN = `^${DATE}$`;

/** What parseCalendarDate reads: a date, or a date-time with an optional `Z` or `±hh:mm`. */
export const CALENDAR_DATE_IN_WINDOW_PATTERN = `^${DATE}$|^${DATE}T${TIME}(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)?$`;

/** What parseZonedDateTime reads: a date, or a date and time (`T` or a space) with an optional `Z` or offset. */
export const ZONED_DATE_TIME_IN_WINDOW_PATTERN = `^${DATE}(?:[T ]${TIME}(Z|[+-]([01]\\d|2[0-3])(?::?[0-5]\\d)?)?)?$`;

/** Any text without NUL, which PostgreSQL cannot store (the validation pipe refuses it in every field). */
export const WITHOUT_NUL_PATTERN = '^[^\\x00]*$';

/** Some character other than white space (what is left after trimming is not empty), and no NUL. */
export const NOT_BLANK_PATTERN = '^[^\\x00]*[^\\s\\x00][^\\x00]*$';

/** One line of text: not blank and without control characters (line breaks included). */
export const SINGLE_LINE_TEXT_PATTERN = `^[^${CONTROL}]*[^\\s${CONTROL}][^${CONTROL}]*$`;

/** An address validator.js's isEmail takes: a local part of at most 64 characters and a top-level domain of letters. */
export const EMAIL_PATTERN = '^[^@\\s\\x00]{1,64}@([^@\\s\\x00.]+\\.)+[A-Za-z]{2,}$';

/** IDP_OID_PATTERN after trimming: a GUID in either letter case, white space around it allowed. */
export const GUID_PATTERN = '^\\s*[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\\s*$';

/** RFC 3986's pchar: what a path segment holds, percent-escapes included. */
const PCHAR = "(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})";
const LABEL_TAIL = '(?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const PORT = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d\\d|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3})';

/**
 * `scheme://host[:port]` as validator.js's isURL takes it with require_tld false (the URL fields' IsUrl): DNS
 * labels of up to 63 letters, digits and inner hyphens, the last one starting with a letter (isURL refuses an
 * all-digit one), or an IPv4 address; a port from 1 to 65535. Narrower than isURL where no URL of the service
 * goes: no user info, no IPv6 literal, no leading zeros in the port.
 */
export function urlOriginPattern(scheme: 'https' | 'https?'): string {
  return `${scheme}://(?:(?:[A-Za-z0-9]${LABEL_TAIL}\\.)*[A-Za-z]${LABEL_TAIL}|(?:${OCTET}\\.){3}${OCTET})(?::${PORT})?`;
}

/** Path segments of RFC 3986 characters, `/a/b%20c`; none at all too. */
export const URL_PATH_PATTERN = `(?:/${PCHAR}*)*`;

/** An optional query and fragment of RFC 3986 characters. */
export const URL_QUERY_AND_FRAGMENT_PATTERN = `(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?`;

/** `text` in any ASCII letter case, as a case-insensitive RegExp without the `u` flag reads it: `eq` → `[eE][qQ]`. */
export function anyCasePattern(text: string): string {
  return [...text].map((character) => (/[A-Za-z]/.test(character) ? `[${character.toLowerCase()}${character.toUpperCase()}]` : character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
}
