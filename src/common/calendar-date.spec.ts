import { addDays, calendarDateAt, countWorkingDays, parseCalendarDate } from './calendar-date.js';

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

describe('countWorkingDays', () => {
  it('counts Monday to Friday inclusive', () => {
    expect(countWorkingDays('2026-11-23', '2026-11-27', new Set())).toBe(5);
  });

  it('leaves out weekends', () => {
    expect(countWorkingDays('2026-11-27', '2026-11-30', new Set())).toBe(2);
    expect(countWorkingDays('2026-11-28', '2026-11-29', new Set())).toBe(0);
  });

  it('leaves out holidays, and a holiday on a weekend does not count twice', () => {
    expect(countWorkingDays('2026-12-07', '2026-12-11', new Set(['2026-12-08', '2026-12-12']))).toBe(4);
  });

  it('counts a single day', () => {
    expect(countWorkingDays('2026-12-01', '2026-12-01', new Set())).toBe(1);
  });
});
