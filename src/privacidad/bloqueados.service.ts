import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { offsetOf, paginationOf, type PaginationQueryDto } from '../common/pagination.js';
import { empleadoNoEncontrado } from '../empleados/empleado-errors.js';
import { anotarEnRegistroPrivacidad } from '../registro-privacidad/registro-privacidad.js';
import { abrirConsulta, empleadoExiste, filasBloqueadas, findConsulta, totalesPorTipo } from './bloqueados.repository.js';
import type { AbrirConsultaDto, ConsultaAbiertaDto, GrupoBloqueadoDto, VistaBloqueadosDto } from './dto/bloqueados.dto.js';
import { consultaCaducada, consultaNoEncontrada } from './privacidad-errors.js';

/**
 * Blocked data (LOPDGDD art. 32) is shown only to a Super Admin who states a legal reason, read-only, for an hour.
 * The opening and every view are written to the privacy registry in the transaction that shows the data:
 * nothing is shown that was not recorded.
 */
@Injectable()
export class BloqueadosService {
  constructor(private readonly dataSource: DataSource) {}

  async abrir(caller: AuthenticatedEmployee, dto: AbrirConsultaDto): Promise<ConsultaAbiertaDto> {
    const consulta = await this.dataSource.transaction(async (manager) => {
      if (!(await empleadoExiste(manager, dto.id_empleado))) throw empleadoNoEncontrado();
      const abierta = await abrirConsulta(manager, caller.id_empleado, dto.id_empleado, dto.motivo);
      await anotarEnRegistroPrivacidad(manager, {
        tipo: 'consulta_bloqueados',
        idActor: caller.id_empleado,
        idEmpleado: dto.id_empleado,
        detalle: { accion: 'apertura', id_consulta: abierta.id_consulta, motivo: abierta.motivo, expira_en: abierta.expira_en },
      });
      return abierta;
    });
    return { success: true, message: 'Consulta abierta durante una hora. Cada acceso queda registrado.', data: consulta };
  }

  /** Another Super Admin's consultation is as unknown as a missing one: the reason given was not theirs. */
  async ver(caller: AuthenticatedEmployee, idConsulta: number, pagina: PaginationQueryDto): Promise<VistaBloqueadosDto> {
    return this.dataSource.transaction(async (manager) => {
      const consulta = await findConsulta(manager, idConsulta);
      if (!consulta || consulta.id_actor !== caller.id_empleado) throw consultaNoEncontrada();
      if (!consulta.vigente) throw consultaCaducada();
      const totales = await totalesPorTipo(manager, consulta.id_empleado);
      const filas = await filasBloqueadas(manager, consulta.id_empleado, pagina.limite, offsetOf(pagina));
      await anotarEnRegistroPrivacidad(manager, {
        tipo: 'consulta_bloqueados',
        idActor: caller.id_empleado,
        idEmpleado: consulta.id_empleado,
        detalle: { accion: 'vista', id_consulta: consulta.id_consulta, motivo: consulta.motivo, pagina: pagina.pagina, limite: pagina.limite, filas: filas.length },
      });
      const grupos: GrupoBloqueadoDto[] = [...totales].map(([tipo, total]) => ({
        tipo,
        total,
        filas: filas.filter((fila) => fila.tipo === tipo).map(({ tipo: _tipo, ...fila }) => fila),
      }));
      const total = [...totales.values()].reduce((sum, n) => sum + n, 0);
      const { id_actor: _actor, vigente: _vigente, ...vista } = consulta;
      return { success: true, data: { ...vista, grupos }, pagination: paginationOf(total, pagina) };
    });
  }
}
