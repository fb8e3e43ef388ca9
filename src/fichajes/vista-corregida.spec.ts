import type { OrigenFichaje, TipoFichaje } from './fichaje-fields.js';
import { vistaCorregida } from './vista-corregida.js';

const registro = (id: number, tipo: TipoFichaje, hora: string, origen: OrigenFichaje = 'empleado', sustituye: string[] | null = null) => ({
  id_fichaje: String(id),
  tipo,
  instante: new Date(`2026-03-09T${hora}:00Z`),
  origen,
  sustituye,
});
const resumen = (vista: ReturnType<typeof vistaCorregida>) => ({
  vigentes: vista.vigentes.map((fichaje) => fichaje.id_fichaje),
  en_vigor: vista.fichajes.map((fichaje) => [fichaje.id_fichaje, fichaje.en_vigor]),
  corregido: vista.corregido,
});

describe('vistaCorregida: the records in force are those no other record replaces', () => {
  it('keeps every record of a day without corrections in force, and the day is not corrected', () => {
    const vista = vistaCorregida([registro(1, 'entrada', '08:00'), registro(2, 'salida', '16:00')]);

    expect(resumen(vista)).toEqual({ vigentes: ['1', '2'], en_vigor: [['1', true], ['2', true]], corregido: false });
  });

  it('replaces the originals a correction lists, keeps them in the day marked out of force, and the day is corrected', () => {
    const vista = vistaCorregida([
      registro(1, 'entrada', '08:00'),
      registro(5, 'entrada', '08:00', 'correccion', ['1']),
      registro(6, 'salida', '16:00', 'correccion', ['1']),
    ]);

    expect(resumen(vista)).toEqual({ vigentes: ['5', '6'], en_vigor: [['1', false], ['5', true], ['6', true]], corregido: true });
  });

  it('lets a second correction replace the first one, leaving the original replaced too', () => {
    const vista = vistaCorregida([
      registro(1, 'entrada', '08:00'),
      registro(5, 'entrada', '08:00', 'correccion', ['1']),
      registro(6, 'salida', '16:00', 'correccion', ['1']),
      registro(9, 'entrada', '09:00', 'correccion', ['5', '6']),
      registro(10, 'salida', '15:00', 'correccion', ['5', '6']),
    ]);

    expect(resumen(vista).vigentes).toEqual(['9', '10']);
    expect(vista.fichajes.filter((fichaje) => fichaje.en_vigor)).toHaveLength(2);
  });

  it('orders the records in force by instant, whatever their place in the chain', () => {
    const vista = vistaCorregida([
      registro(1, 'entrada', '08:00'),
      registro(2, 'salida', '10:00'),
      registro(3, 'entrada', '15:00'),
      registro(4, 'salida', '17:00'),
      registro(7, 'entrada', '08:00', 'correccion', ['1', '2']),
      registro(8, 'salida', '13:00', 'correccion', ['1', '2']),
    ]);

    expect(resumen(vista)).toMatchObject({ vigentes: ['7', '8', '3', '4'], corregido: false });
  });

  it('reads ids given as numbers like ids given as strings (bigint arrays arrive as text)', () => {
    const vista = vistaCorregida([{ ...registro(1, 'entrada', '08:00') }, { ...registro(2, 'salida', '09:00', 'correccion'), sustituye: [1] }]);

    expect(resumen(vista).vigentes).toEqual(['2']);
  });
});
