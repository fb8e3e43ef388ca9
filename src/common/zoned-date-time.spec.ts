import { formatZonedDateTime, parseZonedDateTime } from './zoned-date-time.js';

const iso = (input: string, zone: string) => parseZonedDateTime(input, zone)?.toISOString() ?? null;

describe('parseZonedDateTime', () => {
  it.each([
    ['2026-07-15 10:00:00', 'UTC', '2026-07-15T10:00:00.000Z'],
    ['2026-07-15 10:00:00', 'Europe/Madrid', '2026-07-15T08:00:00.000Z'],
    ['2026-01-15 10:00:00', 'Europe/Madrid', '2026-01-15T09:00:00.000Z'],
    ['2026-01-15T10:00', 'Europe/Madrid', '2026-01-15T09:00:00.000Z'],
    ['2026-01-15', 'Europe/Madrid', '2026-01-14T23:00:00.000Z'],
    ['2026-07-15 10:00:00', 'America/New_York', '2026-07-15T14:00:00.000Z'],
    ['2026-01-15 10:00:00', 'America/New_York', '2026-01-15T15:00:00.000Z'],
    ['2026-07-15 10:00:00', 'Asia/Kolkata', '2026-07-15T04:30:00.000Z'],
    ['2028-02-29 23:59:59.999', 'UTC', '2028-02-29T23:59:59.999Z'],
  ])('reads wall-clock %s in %s as %s', (input, zone, expected) => {
    expect(iso(input, zone)).toBe(expected);
  });

  it.each([
    ['2026-07-15T10:00:00Z', '2026-07-15T10:00:00.000Z'],
    ['2026-07-15 10:00:00Z', '2026-07-15T10:00:00.000Z'],
    ['2026-07-15T10:00:00+02:00', '2026-07-15T08:00:00.000Z'],
    ['2026-07-15T10:00:00-0530', '2026-07-15T15:30:00.000Z'],
    ['2026-07-15T10:00+01', '2026-07-15T09:00:00.000Z'],
    ['2026-07-15T10:00:00.5Z', '2026-07-15T10:00:00.500Z'],
  ])('takes the offset of %s over the zone', (input, expected) => {
    expect(iso(input, 'Asia/Tokyo')).toBe(expected);
  });

  describe('across DST in Europe/Madrid (2026: +01:00 → +02:00 on 29 March, back on 25 October)', () => {
    it('uses the offset in force on each side of the spring jump', () => {
      expect(iso('2026-03-29 01:59:59', 'Europe/Madrid')).toBe('2026-03-29T00:59:59.000Z');
      expect(iso('2026-03-29 03:00:00', 'Europe/Madrid')).toBe('2026-03-29T01:00:00.000Z');
    });

    it('moves a time the spring jump skips forward by the jump', () => {
      expect(iso('2026-03-29 02:30:00', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
      expect(formatZonedDateTime(parseZonedDateTime('2026-03-29 02:30:00', 'Europe/Madrid')!, 'Europe/Madrid')).toBe('2026-03-29 03:30:00');
    });

    it('reads a time the autumn fall-back repeats as its first occurrence', () => {
      expect(iso('2026-10-25 02:30:00', 'Europe/Madrid')).toBe('2026-10-25T00:30:00.000Z');
      expect(iso('2026-10-25 03:00:00', 'Europe/Madrid')).toBe('2026-10-25T02:00:00.000Z');
      expect(iso('2026-10-25 01:59:59', 'Europe/Madrid')).toBe('2026-10-24T23:59:59.000Z');
    });
  });

  it('handles a southern-hemisphere DST gap (America/Santiago, 6 September 2026 00:00 → 01:00)', () => {
    expect(iso('2026-09-06 00:30:00', 'America/Santiago')).toBe('2026-09-06T04:30:00.000Z');
    expect(iso('2026-09-06 01:30:00', 'America/Santiago')).toBe('2026-09-06T04:30:00.000Z');
  });

  it.each([
    '2026-02-30 10:00:00',
    '2027-02-29 10:00:00',
    '2026-13-01 10:00:00',
    '2026-00-10 10:00:00',
    '2026-12-01 24:00:00',
    '2026-12-01 10:60:00',
    '2026-12-01 10:00:60',
    '2026-12-01 10:00:00+24:00',
    '2026-12-01 10:00:00+02:60',
    '2026-12-01 10:00:00 +02:00',
    '2026-12-01Z',
    '2026-12-1 10:00:00',
    '01/12/2026 10:00:00',
    '0099-12-01 10:00:00',
    '1899-12-31 23:59:59',
    '0001-01-01 00:00:00',
    '0000-01-01',
    '3000-01-01 00:00:00',
    '9999-12-31T23:59:59Z',
    '2999-12-31T23:30:00-01:00',
    'mañana',
    '',
  ])('rejects %p', (input) => {
    expect(parseZonedDateTime(input, 'Europe/Madrid')).toBeNull();
  });

  it('keeps to the date window in the zone, whatever the offset written', () => {
    expect(iso('1900-01-01 00:00:00', 'UTC')).toBe('1900-01-01T00:00:00.000Z');
    expect(iso('2999-12-31 23:59:59', 'Europe/Madrid')).toBe('2999-12-31T22:59:59.000Z');
    expect(iso('2999-12-31T23:30:00-01:00', 'UTC')).toBeNull();
    expect(iso('2999-12-31T23:30:00Z', 'Europe/Madrid')).toBeNull();
    expect(iso('2999-12-31T23:30:00+01:00', 'UTC')).toBe('2999-12-31T22:30:00.000Z');
  });
});

describe('formatZonedDateTime', () => {
  it('writes the wall clock of the zone with seconds and without fractions', () => {
    const summer = new Date('2026-07-15T08:00:00.999Z');
    expect(formatZonedDateTime(summer, 'UTC')).toBe('2026-07-15 08:00:00');
    expect(formatZonedDateTime(summer, 'Europe/Madrid')).toBe('2026-07-15 10:00:00');
    expect(formatZonedDateTime(new Date('2026-01-15T23:30:00Z'), 'Europe/Madrid')).toBe('2026-01-16 00:30:00');
    expect(formatZonedDateTime(new Date('2026-01-15T04:05:06Z'), 'America/New_York')).toBe('2026-01-14 23:05:06');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatZonedDateTime(new Date('2026-07-14T22:00:00Z'), 'Europe/Madrid')).toBe('2026-07-15 00:00:00');
  });

  it.each(['UTC', 'Europe/Madrid', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'])(
    'reads back every hour of 2026 it writes in %s (a repeated wall time as its first occurrence)',
    (zone) => {
      const hour = 3_600_000;
      const start = Date.parse('2026-01-01T00:00:00Z');
      const wrong: string[] = [];
      for (let instant = start; instant < start + 365 * 24 * hour; instant += hour) {
        const wall = formatZonedDateTime(new Date(instant), zone);
        const back = parseZonedDateTime(wall, zone)!.getTime();
        const earlierTwin = back < instant && instant - back <= hour && formatZonedDateTime(new Date(back), zone) === wall;
        if (back !== instant && !earlierTwin) wrong.push(wall);
      }
      expect(wrong).toEqual([]);
    },
  );
});
