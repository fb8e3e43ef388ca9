import { Injectable } from '@nestjs/common';
import { daysInRange } from '../common/calendar-date.js';
import { rangoDemasiadoLargo, rangoFechasInvalido } from '../common/date-window.js';
import { empleadoNoEncontrado } from '../empleados/empleado-errors.js';
import type { VerificacionDto } from './dto/fichaje.response.js';
import type { VerificacionQuery } from './dto/fichajes.query.js';
import { VerificadorCadena } from './fichaje-hash.js';
import { FichajesRepository } from './fichajes.repository.js';

export const MAX_DIAS_VERIFICACION = 366;
/** Records read at a time: memory stays bounded whatever the period holds. */
const PAGINA = 1_000;

/** Recomputes an employee's hash chain over a period (Admin): a record changed behind the API shows up here. */
@Injectable()
export class VerificacionService {
  constructor(private readonly fichajes: FichajesRepository) {}

  async verificar(query: VerificacionQuery): Promise<VerificacionDto> {
    if (query.hasta < query.desde) throw rangoFechasInvalido();
    if (daysInRange(query.desde, query.hasta) > MAX_DIAS_VERIFICACION) throw rangoDemasiadoLargo(MAX_DIAS_VERIFICACION);
    if (!(await this.fichajes.existeEmpleado(query.id_empleado))) throw empleadoNoEncontrado();
    const tramo = await this.fichajes.findTramo(query.id_empleado, query.desde, query.hasta);
    if (!tramo) return { valida: true, registros: 0, primer_error: null };
    const verificador = new VerificadorCadena(await this.fichajes.findHashAnteriorA(query.id_empleado, tramo.primero));
    let registros = 0;
    let cursor = String(BigInt(tramo.primero) - 1n);
    for (;;) {
      const pagina = await this.fichajes.findPagina(query.id_empleado, cursor, tramo.ultimo, PAGINA);
      for (const fichaje of pagina) {
        registros += 1;
        const motivo = verificador.comprobar(fichaje);
        if (motivo) return { valida: false, registros, primer_error: { id_fichaje: Number(fichaje.id_fichaje), motivo } };
      }
      if (pagina.length < PAGINA) return { valida: true, registros, primer_error: null };
      cursor = pagina.at(-1)!.id_fichaje;
    }
  }
}
