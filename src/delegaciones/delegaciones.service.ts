import { rangoFechasInvalido } from '../common/date-window.js';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { rolNoPermitido } from '../auth/roles.guard.js';
import { calendarDateAt, type CalendarDate, parseCalendarDate } from '../common/calendar-date.js';
import { DATE_WINDOW_TEXT, fechaInvalida } from '../common/date-window.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { empleadoNoEncontrado } from '../empleados/empleado-errors.js';
import {
  delegacionASiMismo,
  delegacionEnCadena,
  delegacionNoEncontrada,
  delegacionSolapada,
  delegacionTerminada,
  demasiadasDelegaciones,
} from './delegacion-errors.js';
import { DelegacionesRepository, type DelegacionFila, type Periodo } from './delegaciones.repository.js';
import type { CreateDelegacionDto } from './dto/create-delegacion.dto.js';
import type { DelegacionDto, DelegacionesDto } from './dto/delegacion.response.js';

/** Delegations one person may have not yet ended: what `dadas` lists in full. */
export const MAX_NOT_ENDED = 20;
/** How many received delegations the list shows. */
export const MAX_RECEIVED_LISTED = 100;

@Injectable()
export class DelegacionesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly delegaciones: DelegacionesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whoever approves something: Admins and Super Admins, and the managers of an active employee. */
  async puedeDelegar(empleado: AuthenticatedEmployee): Promise<boolean> {
    return isAdmin(empleado.rol.id_rol) || this.delegaciones.managesSomeone(empleado.id_empleado);
  }

  async crear(caller: AuthenticatedEmployee, dto: CreateDelegacionDto): Promise<DelegacionDto> {
    const periodo = this.validPeriod(dto);
    if (dto.id_delegado === caller.id_empleado) throw delegacionASiMismo();
    const hoy = this.today();
    const fila = await this.dataSource.transaction(async (manager) => {
      await this.delegaciones.lock(manager);
      const activos = await this.delegaciones.lockActiveEmployees(manager, [caller.id_empleado, dto.id_delegado]);
      // The caller was deactivated since the request started: like a withdrawn role, they delegate nothing.
      if (!activos.has(caller.id_empleado)) throw rolNoPermitido();
      if (!activos.has(dto.id_delegado)) throw empleadoNoEncontrado();
      if (await this.delegaciones.overlapsOwn(manager, caller.id_empleado, periodo)) throw delegacionSolapada();
      if (await this.delegaciones.closesChain(manager, caller.id_empleado, dto.id_delegado, periodo)) throw delegacionEnCadena();
      if ((await this.delegaciones.countNotEnded(manager, caller.id_empleado, hoy)) >= MAX_NOT_ENDED) throw demasiadasDelegaciones(MAX_NOT_ENDED);
      return this.delegaciones.insert(manager, caller.id_empleado, dto.id_delegado, periodo);
    });
    return toDelegacionDto(fila, hoy);
  }

  async listar(caller: AuthenticatedEmployee): Promise<DelegacionesDto> {
    const hoy = this.today();
    const [dadas, recibidas] = await Promise.all([
      this.delegaciones.listGiven(caller.id_empleado, hoy, MAX_NOT_ENDED),
      this.delegaciones.listReceived(caller.id_empleado, hoy, MAX_RECEIVED_LISTED),
    ]);
    return { dadas: dadas.map((fila) => toDelegacionDto(fila, hoy)), recibidas: recibidas.map((fila) => toDelegacionDto(fila, hoy)) };
  }

  /** The delegator or an Admin revokes; anyone else learns nothing, not even that it exists. */
  async revocar(caller: AuthenticatedEmployee, idDelegacion: number): Promise<void> {
    const soloDe = isAdmin(caller.rol.id_rol) ? null : caller.id_empleado;
    if (!(await this.delegaciones.delete(idDelegacion, soloDe))) throw delegacionNoEncontrada();
  }

  /** Whose decisions `idDelegado` may take on `fecha`, by their delegations. Pass the transaction's manager inside one. */
  delegantesActivos(idDelegado: number, fecha: CalendarDate, manager: EntityManager = this.dataSource.manager): Promise<number[]> {
    return this.delegaciones.delegatorsOn(manager, idDelegado, fecha);
  }

  private validPeriod({ desde, hasta }: CreateDelegacionDto): Periodo {
    // parseCalendarDate also reads date-times (returning just their date): equality keeps only a bare, real YYYY-MM-DD.
    const invalidas = Object.entries({ desde, hasta }).filter(([, fecha]) => parseCalendarDate(fecha, 'UTC') !== fecha);
    if (invalidas.length) {
      throw fechaInvalida(
        `Las fechas deben ser fechas reales con el formato YYYY-MM-DD ${DATE_WINDOW_TEXT}.`,
        invalidas.map(([campo]) => campo),
        'una fecha real con el formato YYYY-MM-DD',
      );
    }
    if (desde > hasta) throw rangoFechasInvalido();
    if (hasta < this.today()) throw delegacionTerminada();
    return { desde, hasta };
  }

  private today(): CalendarDate {
    return calendarDateAt(new Date(), this.config.companyTimeZone);
  }
}

function toDelegacionDto(fila: DelegacionFila, hoy: CalendarDate): DelegacionDto {
  return { ...fila, activa: fila.desde <= hoy && hoy <= fila.hasta };
}
