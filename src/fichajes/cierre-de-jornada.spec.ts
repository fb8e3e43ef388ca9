import { ultimoDiaVencido } from './cierre-de-jornada.js';

const at = (iso: string) => new Date(iso);

describe('ultimoDiaVencido: the latest day whose end plus the closing hours has passed', () => {
  // Madrid is UTC+1 in March: the 10th ends at 23:00Z, so with 4 hours its limit is 2026-03-11T03:00Z.
  it('leaves a day open until its end plus the hours have passed', () => {
    expect(ultimoDiaVencido(at('2026-03-11T02:59:59.999Z'), 'Europe/Madrid', 4)).toBe('2026-03-09');
  });

  it('closes the day the moment its end plus the hours has passed', () => {
    expect(ultimoDiaVencido(at('2026-03-11T03:00:00Z'), 'Europe/Madrid', 4)).toBe('2026-03-10');
  });

  // At 03:30Z the 10th's limit has passed in Madrid (03:00Z) but not in the Canaries (UTC+0: 04:00Z).
  it.each([
    ['Europe/Madrid', '2026-03-10'],
    ['Atlantic/Canary', '2026-03-09'],
  ])('takes the end of the day in %s', (zona, fecha) => {
    expect(ultimoDiaVencido(at('2026-03-11T03:30:00Z'), zona, 4)).toBe(fecha);
  });

  it('with 0 hours closes a day at its midnight', () => {
    expect(ultimoDiaVencido(at('2026-03-10T23:00:00Z'), 'Europe/Madrid', 0)).toBe('2026-03-10');
    expect(ultimoDiaVencido(at('2026-03-10T22:59:59.999Z'), 'Europe/Madrid', 0)).toBe('2026-03-09');
  });

  it('counts 48 hours across two days', () => {
    expect(ultimoDiaVencido(at('2026-03-12T23:00:00Z'), 'Europe/Madrid', 48)).toBe('2026-03-10');
  });
});
