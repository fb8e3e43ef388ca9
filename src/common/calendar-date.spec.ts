import fc from 'fast-check';
import { fastestCallMs } from '../../test/support/relative-cost.js';
import { addDays, calendarDateAt, countWorkingDays, daysInRange, parseCalendarDate } from './calendar-date.js';

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

  /** The definition the count is computed from: every day of the range, one by one. */
  const dayByDay = (start: string, end: string, holidays: ReadonlySet<string>) => {
    let count = 0;
    for (let day = start; day <= end; day = addDays(day, 1)) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      if (weekday !== 0 && weekday !== 6 && !holidays.has(day)) count += 1;
    }
    return count;
  };

  it('agrees with counting day by day for every start in a fortnight and every length up to ten weeks', () => {
    const wrong: string[] = [];
    for (let first = 0; first < 14; first += 1) {
      const start = addDays('2026-12-21', first);
      for (let length = -2; length <= 70; length += 1) {
        const end = addDays(start, length - 1);
        const holidays = new Set([addDays(start, 3), addDays(start, 9), addDays(start, -1), addDays(end, 1)]);
        if (countWorkingDays(start, end, holidays) !== dayByDay(start, end, holidays)) wrong.push(`${start}..${end}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['2024-02-26', '2024-03-04'],
    ['2028-02-28', '2028-03-01'],
    ['1900-02-26', '1900-03-05'],
    ['2000-02-28', '2000-03-01'],
    ['2100-02-27', '2100-03-02'],
    ['2026-12-28', '2027-01-08'],
    ['1900-01-01', '1900-12-31'],
    ['2999-01-01', '2999-12-31'],
  ])('agrees with counting day by day from %s to %s, across leap days and years', (start, end) => {
    const holidays = new Set([addDays(start, 1), addDays(end, -1), '2028-02-29', '2024-02-29']);
    expect(countWorkingDays(start, end, holidays)).toBe(dayByDay(start, end, holidays));
  });

  it('agrees with counting day by day on random ranges of the whole window, with random holidays', () => {
    const lastDay = daysInRange('1900-01-01', '2999-12-31') - 1;
    const range = fc.tuple(fc.integer({ min: 0, max: lastDay }), fc.integer({ min: -3, max: 800 })).chain(([first, length]) => {
      const start = addDays('1900-01-01', first);
      const end = addDays(start, length - 1);
      return fc.tuple(fc.constant(start), fc.constant(end), fc.uniqueArray(fc.integer({ min: -10, max: length + 10 }).map((offset) => addDays(start, offset)), { maxLength: 40 }));
    });
    fc.assert(
      fc.property(range, ([start, end, holidays]) => {
        const set = new Set(holidays);
        expect(countWorkingDays(start, end, set)).toBe(dayByDay(start, end, set));
      }),
      { numRuns: 2_000, seed: 20_261_211 },
    );
  });

  it('costs the same for millennia as for a week: no loop over the days of the range', () => {
    // Day by day this took about 3 s; past 9999-12-31 the next day sorts first and the walk never ends.
    expect(countWorkingDays('2026-12-30', '9999-12-30', new Set())).toBe(2_080_057);
    expect(countWorkingDays('1900-01-01', '2999-12-31', new Set())).toBe(286_977);
    const millennia = fastestCallMs(() => countWorkingDays('1900-01-01', '2999-12-31', new Set()));
    const week = fastestCallMs(() => countWorkingDays('2026-12-07', '2026-12-13', new Set()));
    expect(millennia / week).toBeLessThan(10);
  });
});

describe('daysInRange', () => {
  it('counts both ends, across leap days', () => {
    expect(daysInRange('2026-12-01', '2026-12-01')).toBe(1);
    expect(daysInRange('2028-01-01', '2028-12-31')).toBe(366);
    expect(daysInRange('2026-12-02', '2026-12-01')).toBe(0);
  });
});
