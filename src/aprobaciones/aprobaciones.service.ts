import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { calendarDateAt, type CalendarDate } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { ModoAprobacion } from '../config/environment.js';
import { type Aprobador, AprobacionesRepository, type AvisoAprobadores, type AvisoDeEmpleado, type Paso } from './aprobaciones.repository.js';
import type { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { candidatasSql, esperaA, type PasoSupuesto } from './aprobadores.sql.js';
import type { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import { TIPO_EN_FRASE } from '../solicitudes/tipos-solicitud.js';

/** How the caller may decide a request's current step. */
export interface Autoridad extends Aprobador {
  /** Whether approving now ends the approval (else the request moves to the Admins' step). */
  final: boolean;
  /** The step the history records: only the two-step mode has steps. */
  pasoRegistrado: Paso | null;
}

/**
 * Who may decide a request now, by APROBACION: `admin`, the Admins and Super Admins; `responsable`,
 * the owner's active manager (the Admins when there is none), and any Admin as an HR override;
 * `responsable_y_admin`, the manager, then an Admin. The delegates of each, within their
 * delegation, decide what they may. Nobody decides their own request, except a correction of the register
 * the company proposed: that one waits on its owner alone (see propuestaDeEmpresaSql).
 */
@Injectable()
export class AprobacionesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly aprobaciones: AprobacionesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get modo(): ModoAprobacion {
    return this.config.aprobacion;
  }

  /**
   * The guard's early answer, outside any transaction: Admins go on (their refusals are the
   * decision's: 404, own request, state, step); anyone else only when they decide the request at
   * some step, whatever its state now, so that losing a race to decide it is 409 as for an Admin.
   */
  async mayTryToDecide(caller: AuthenticatedEmployee, idSolicitud: number): Promise<boolean> {
    if (isAdmin(caller.rol.id_rol)) return true;
    // A correction the company proposed waits on its owner's acceptance.
    if (await this.aprobaciones.esperaAlPropietario(this.dataSource.manager, idSolicitud, caller.id_empleado)) return true;
    const pasos: PasoSupuesto[] = this.modo === 'admin' ? [undefined] : ['responsable', 'admin'];
    return this.aprobaciones.decidesAt(this.dataSource.manager, this.modo, idSolicitud, caller.id_empleado, this.today(), pasos);
  }

  /** Whether the pending request waits on the employee now (what equipo/pendientes lists). */
  waitsOn(idEmpleado: number, idSolicitud: number): Promise<boolean> {
    return this.aprobaciones.waitsOn(this.dataSource.manager, this.modo, idSolicitud, idEmpleado, this.today());
  }

  /**
   * Whether `idEmpleado` is a report of `idResponsable`, directly or through a delegation covering today: the
   * employees whose requests they decide as manager, and so whose records they may read.
   */
  managesToday(idResponsable: number, idEmpleado: number): Promise<boolean> {
    return this.aprobaciones.inTeamOf(idResponsable, idEmpleado, this.today());
  }

  /** Under the lock, for a caller without authority: whether the step they decide was already decided (409, not 403). */
  async stepAlreadyDecided(manager: EntityManager, idSolicitud: number, caller: AuthenticatedEmployee): Promise<boolean> {
    if (this.modo !== 'responsable_y_admin' || (await this.aprobaciones.pasoGuardado(manager, idSolicitud)) !== 'admin') return false;
    return this.aprobaciones.decidesAt(manager, this.modo, idSolicitud, caller.id_empleado, this.today(), ['responsable']);
  }

  /**
   * Inside the decision's transaction, after the request row is locked: the caller's authority on
   * its current step, or null. A delegation used is held until the transaction ends.
   */
  async authority(manager: EntityManager, idSolicitud: number, caller: AuthenticatedEmployee): Promise<Autoridad | null> {
    const hoy = this.today();
    let aprobador = await this.aprobaciones.aprobador(manager, this.modo, idSolicitud, caller.id_empleado, hoy);
    if (aprobador?.id_delegacion && !(await this.aprobaciones.holdDelegation(manager, aprobador.id_delegacion, hoy))) {
      // Revoked meanwhile: a fresh read no longer sees it, and may find another standing (one retry, then none).
      aprobador = await this.aprobaciones.aprobador(manager, this.modo, idSolicitud, caller.id_empleado, hoy);
      if (aprobador?.id_delegacion && !(await this.aprobaciones.holdDelegation(manager, aprobador.id_delegacion, hoy))) aprobador = null;
    }
    if (!aprobador && this.modo === 'responsable' && isAdmin(caller.rol.id_rol)) {
      aprobador = { paso: null, id_delegacion: null, delegante: null, principal_admin: true };
    }
    if (!aprobador) return null;
    // A manager who is also an Admin (or their delegate) approves both steps at once.
    const final = this.modo !== 'responsable_y_admin' || aprobador.paso === 'admin' || aprobador.principal_admin;
    return { ...aprobador, final, pasoRegistrado: this.modo === 'responsable_y_admin' ? aprobador.paso : null };
  }

  /** A new request: its first step stored (two-step mode), and everyone it waits on told. */
  async onCreated(manager: EntityManager, idSolicitud: number, idTipo: TipoSolicitudId): Promise<void> {
    if (this.modo === 'responsable_y_admin') await this.aprobaciones.storeFirstStep(manager, this.modo, idSolicitud);
    const tipo = TIPO_EN_FRASE[idTipo];
    await this.notify(manager, idSolicitud, { titulo: `Nueva solicitud de ${tipo}`, tipo, cola: 'Espera tu decisión.' });
  }

  /** The owner asked to cancel approved vacation: whoever decides it (as the request's first step) is told. */
  async onCancellationRequested(manager: EntityManager, idSolicitud: number): Promise<void> {
    await this.notify(manager, idSolicitud, { titulo: 'Cancelación de vacaciones solicitada', tipo: 'cancelar sus vacaciones', cola: 'Espera tu decisión.' });
  }

  /** The manager's step approved: the request now waits on the Admins, who are told. */
  async toAdminStep(manager: EntityManager, idSolicitud: number, idTipo: TipoSolicitudId): Promise<void> {
    await this.aprobaciones.setPaso(manager, idSolicitud, 'admin');
    const tipo = TIPO_EN_FRASE[idTipo];
    await this.notify(manager, idSolicitud, {
      titulo: `Solicitud de ${tipo} aprobada por el responsable`,
      tipo,
      cola: 'Su responsable la aprobó; falta la decisión de un administrador.',
    });
  }

  private async notify(manager: EntityManager, idSolicitud: number, aviso: AvisoAprobadores): Promise<void> {
    await this.aprobaciones.notifyApprovers(manager, this.modo, idSolicitud, this.today(), aviso);
  }

  /** Tells whoever would decide a request of each employee (their manager or the Admins, by APROBACION, and their delegates). */
  notifyApproversOfEmployees(manager: EntityManager, tipo: TipoNotificacionId, avisos: readonly AvisoDeEmpleado[]): Promise<number> {
    return this.aprobaciones.notifyApproversOfEmployees(manager, this.modo, this.today(), tipo, avisos);
  }

  /** Reminders of requests pending over `dias` days, to everyone they wait on. */
  remindApprovers(manager: EntityManager, dias: number, titulo: string): Promise<number> {
    return this.aprobaciones.remindApprovers(manager, this.modo, { dias, hoy: this.today(), titulo });
  }

  /**
   * The filter of the list of requests waiting on `caller`: a WHERE condition over `solicitud s`
   * given the placeholders of the caller's id and of today.
   */
  async waitingOn(caller: AuthenticatedEmployee): Promise<{ idEmpleado: number; hoy: CalendarDate; condicion: (idEmpleado: string, hoy: string) => string }> {
    const hoy = this.today();
    const comoAdmin = await this.aprobaciones.decidesAsAdmin(this.dataSource.manager, caller.id_empleado, hoy);
    return {
      idEmpleado: caller.id_empleado,
      hoy,
      condicion: (idEmpleado, fecha) => `${candidatasSql(this.modo, 's', idEmpleado, fecha, comoAdmin)} AND ${esperaA(this.modo, 's', idEmpleado, fecha)}`,
    };
  }

  today(): CalendarDate {
    return calendarDateAt(new Date(), this.config.companyTimeZone);
  }
}
