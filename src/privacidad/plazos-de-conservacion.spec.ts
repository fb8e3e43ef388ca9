import type { PrivacidadSettings } from '../config/app-config.js';
import { addYears } from '../common/calendar-date.js';
import { datosConservados } from './plazos-de-conservacion.js';

const PRIVACIDAD: PrivacidadSettings = {
  retencion: { solicitudes: 4, documentos: 4, fichajes: 4, notificaciones: 1, historial: 4, accesos: 2 },
  bloqueoAnios: 3,
  cron: null,
};

describe('addYears', () => {
  it('keeps the day, and moves 29 February to 28 February in a year without one', () => {
    expect(addYears('2026-11-30', 4)).toBe('2030-11-30');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
  });
});

describe('datosConservados', () => {
  it('counts the access log from each read, not from the leave date: reads may follow the leave', () => {
    const [accesos] = datosConservados({ activo: false, fecha_baja: '2026-11-30' }, PRIVACIDAD).filter((dato) => dato.tipo === 'accesos');
    expect(accesos).toMatchObject({ conservado_hasta: null, bloqueado_hasta: null, plazo: '2 años desde cada consulta, y después bloqueados hasta su eliminación.' });
  });

  it('keeps the contact details of an active employee until their leave date, and lists none for a former one', () => {
    expect(datosConservados({ activo: true, fecha_baja: '2027-06-30' }, PRIVACIDAD).at(-1)).toMatchObject({ tipo: 'contacto', conservado_hasta: '2027-06-30' });
    expect(datosConservados({ activo: false, fecha_baja: '2026-11-30' }, PRIVACIDAD).map((dato) => dato.tipo)).not.toContain('contacto');
  });
});
