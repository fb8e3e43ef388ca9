import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { assertMayAdminister, beginAdministrationAs } from './administration-rules.js';
import { CalendarioLaboralService } from '../calendario-laboral/calendario-laboral.service.js';
import type { AsignacionVacacionesDto } from './dto/asignacion-vacaciones.dto.js';
import type { SaldoVacacionesDto } from './dto/saldo-vacaciones.dto.js';
import { asignacionMenorQueUsado, empleadoNoEncontrado, operacionSobreSiMismo, prorrateoSuperaMaximo, sinDiasEnElAnio } from './empleado-errors.js';
import { MAX_DIAS_ASIGNADOS } from './empleado-fields.js';
import { EmpleadosRepository } from './empleados.repository.js';
import { recordHistory } from './historial-empleado.repository.js';
import { VacacionesRepository } from './vacaciones.repository.js';

@Injectable()
export class VacacionesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly empleados: EmpleadosRepository,
    private readonly vacaciones: VacacionesRepository,
    private readonly calendario: CalendarioLaboralService,
  ) {}

  saldo(idEmpleado: number): Promise<SaldoVacacionesDto> {
    return this.vacaciones.saldo(this.dataSource.manager, idEmpleado);
  }

  /**
   * Sets a year's allocation, creating it if missing, under the rules of employee administration:
   * an Admin sets an Empleado's days, a Super Admin anyone's, nobody their own (as nobody approves
   * their own requests). The allocation stays locked from the check to the write, so an approval
   * deducting from it concurrently waits and then sees the new figure. With `prorrateo`, what is set
   * is `dias_asignados` prorated to the employee's schedules and employment dates that year.
   */
  async asignar(caller: AuthenticatedEmployee, idEmpleado: number, anio: number, dto: AsignacionVacacionesDto): Promise<SaldoVacacionesDto> {
    if (idEmpleado === caller.id_empleado) throw operacionSobreSiMismo();
    return this.dataSource.transaction(async (manager) => {
      const actorRol = await beginAdministrationAs(this.empleados, manager, caller.id_empleado);
      const target = await this.empleados.lockEditable(manager, idEmpleado);
      if (!target) throw empleadoNoEncontrado();
      assertMayAdminister(actorRol, target);
      const dias = dto.prorrateo ? await this.prorrateado(manager, idEmpleado, anio, dto.dias_asignados) : dto.dias_asignados;
      const current = await this.vacaciones.lockAllocation(manager, idEmpleado, anio);
      if (current && dias < current.dias_usados) throw asignacionMenorQueUsado(anio, current.dias_usados);
      if (current?.dias_asignados !== dias) {
        await this.vacaciones.setAllocation(manager, idEmpleado, anio, dias);
        const prorrateo = dto.prorrateo ? { dias_sin_prorrateo: dto.dias_asignados } : {};
        const cambios = [{ campo: 'dias_asignados', anio, anterior: current?.dias_asignados ?? null, nuevo: dias, ...prorrateo }];
        await recordHistory(manager, [{ idEmpleado, idActor: caller.id_empleado, origen: 'api', cambios }]);
      }
      return this.vacaciones.saldo(manager, idEmpleado);
    });
  }

  private async prorrateado(manager: EntityManager, idEmpleado: number, anio: number, dias: number): Promise<number> {
    const prorrateado = (await this.calendario.prorrateos(manager, [idEmpleado], anio, dias)).get(idEmpleado);
    if (prorrateado === null || prorrateado === undefined) throw sinDiasEnElAnio(anio);
    if (prorrateado > MAX_DIAS_ASIGNADOS) throw prorrateoSuperaMaximo(prorrateado, MAX_DIAS_ASIGNADOS);
    return prorrateado;
  }
}
