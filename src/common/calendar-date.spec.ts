import { addDays, calendarDateAt, daysInRange, parseCalendarDate } from './calendar-date.js';

describe('parseCalendarDate', () => {
  it.each([
    ['2026-12-01', 'UTC', '2026-12-01'],
    ['2028-02-29', 'UTC', '2028-02-29'],
    ['2026-12-01T10:00', 'UTC', '2026-12-01'],
    ['2026-12-01T23:30:00Z', 'UTC', '2026-12-01'],
    ['2026-12-01T23:30:00Z', 'Europe/Madrid', '2026-12-02'],
    ['2026-12-01T02:00:00+02:00', 'UTC', '2026-12-01'],
    ['2026-12-01T01:00:00+02:00', 'UTC', '2026-11-30'],
    ['2026-12-01T03:00:00.123Z', 'America/Mexico_City', '2026-11-30'],
    ['2026-12-01T23:59:59', 'Asia/Tokyo', '2026-12-01'],
  ])('reads %s in %s as %s', (input, zone, expected) => {
    expect(parseCalendarDate(input, zone)).toBe(expected);
  });

  it.each(['2026-02-30', '2027-02-29', '2026-13-01', '2026-00-10', '01/12/2026', '2026-12-1', '2026-12-01T25:00', '2026-12-01T10:61', 'mañana', '', '2026-12-01 10:00'])(
    'rejects %p',
    (input) => {
      expect(parseCalendarDate(input, 'UTC')).toBeNull();
    },
  );

  it.each(['0001-01-01', '1899-12-31', '3000-01-01', '9999-12-30', '9999-12-31', '9999-12-31T10:00', '1899-12-31T23:59:59Z'])(
    'rejects %p, outside the date window',
    (input) => {
      expect(parseCalendarDate(input, 'UTC')).toBeNull();
    },
  );

  it('judges a date-time by the date it has in the zone', () => {
    expect(parseCalendarDate('2999-12-31T23:30:00-01:00', 'UTC')).toBeNull();
    expect(parseCalendarDate('3000-01-01T00:30:00+01:00', 'UTC')).toBe('2999-12-31');
  });

  it('accepts the first and last days of the window', () => {
    expect(parseCalendarDate('1900-01-01', 'UTC')).toBe('1900-01-01');
    expect(parseCalendarDate('2999-12-31T23:59:59', 'UTC')).toBe('2999-12-31');
  });
});

describe('calendarDateAt', () => {
  it('is the date on the wall clock of the zone', () => {
    const instant = new Date('2026-06-30T22:30:00Z');
    expect(calendarDateAt(instant, 'UTC')).toBe('2026-06-30');
    expect(calendarDateAt(instant, 'Europe/Madrid')).toBe('2026-07-01');
  });
});

describe('addDays', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -30)).toBe('2026-01-30');
  });
});

describe('daysInRange', () => {
  it('counts both ends, across leap days', () => {
    expect(daysInRange('2026-12-01', '2026-12-01')).toBe(1);
    expect(daysInRange('2028-01-01', '2028-12-31')).toBe(366);
    expect(daysInRange('2026-12-02', '2026-12-01')).toBe(0);
  });
});
