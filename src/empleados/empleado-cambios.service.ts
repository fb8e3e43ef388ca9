import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { calendarDateAt } from '../common/calendar-date.js';
import { violatedUniqueConstraint } from '../common/unique-violation.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { clearLeaveDate } from '../desactivacion/fecha-baja.js';
import { revokeLeaverAccess } from '../desactivacion/revoke-leaver-access.js';
import type { CreateEmpleadoDto } from './dto/create-empleado.dto.js';
import type { EmpleadoDetalleDto } from './dto/empleado.response.js';
import type { UpdateEmpleadoDto } from './dto/update-empleado.dto.js';
import { assertMayAdminister, beginAdministrationAs } from './administration-rules.js';
import { altaPosteriorABaja, empleadoDuplicado, empleadoNoEncontrado, operacionSobreSiMismo, sinCambios, soloSuperAdministrador } from './empleado-errors.js';
import { cambiosEntre, foldChanges } from './empleado-fields.js';
import { type EmpleadoEditable, EmpleadosRepository } from './empleados.repository.js';
import { EmpleadosService } from './empleados.service.js';
import { RolId } from '../catalogs/rol.entity.js';
import { type EntradaHistorial, recordHistory } from './historial-empleado.repository.js';
import { registrarCambiosDeCalendario } from './cambios-de-calendario-de-empleado.js';
import { CambiosDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import { assertResponsableExiste, assertSinCiclos } from './responsable-rules.js';
import { assertCentroExiste } from './centro-trabajo-rules.js';
import { URL_RULES, UrlFieldRules } from '../uploads/url-field-rules.js';
import { WebhookEventos } from '../webhooks/webhook-eventos.service.js';

/**
 * Creating and changing employees through the admin API; every change is recorded with its author.
 * A deactivation also ends what the leaver could still reach (src/desactivacion).
 */
@Injectable()
export class EmpleadoCambiosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly empleados: EmpleadosRepository,
    private readonly lecturas: EmpleadosService,
    private readonly urlRules: UrlFieldRules,
    private readonly calendario: CambiosDeCalendario,
    private readonly webhooks: WebhookEventos,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Only a Super Admin creates Admins, Super Admins and Representantes. */
  async create(caller: AuthenticatedEmployee, dto: CreateEmpleadoDto): Promise<EmpleadoDetalleDto> {
    const nuevo = { correo: dto.correo, nombre: dto.nombre, idp_oid: dto.idp_oid, id_rol: dto.id_rol ?? RolId.Empleado, telefono: dto.telefono ?? null, direccion: dto.direccion ?? null };
    return this.administer(caller, async (manager, actorRol) => {
      if (nuevo.id_rol !== RolId.Empleado && actorRol !== RolId.SuperAdministrador) throw soloSuperAdministrador();
      const id = await this.empleados.insert(manager, nuevo);
      const cambios = cambiosEntre({}, nuevo).filter((cambio) => cambio.nuevo !== null);
      await recordHistory(manager, [{ idEmpleado: id, idActor: caller.id_empleado, origen: 'api', cambios }]);
      return id;
    });
  }

  async update(caller: AuthenticatedEmployee, id: number, dto: UpdateEmpleadoDto): Promise<EmpleadoDetalleDto> {
    const changes = definedFields(dto);
    if (!Object.keys(changes).length) throw sinCambios();
    return this.administer(caller, async (manager, actorRol) => {
      const current = await this.empleados.lockEditable(manager, id);
      if (!current) throw empleadoNoEncontrado();
      authorizeUpdate(caller.id_empleado, actorRol, id, current, changes);
      assertAltaAntesDeBaja({ ...current, ...changes });
      // An admin panel sends back the image URL it was given, signed: the stored one, unchanged.
      const proposed = changes.img_perfil ? { ...changes, img_perfil: this.urlRules.unsigned(changes.img_perfil) } : changes;
      const cambios = cambiosEntre(current, proposed);
      const imagen = proposed.img_perfil && cambios.some((cambio) => cambio.campo === 'img_perfil')
        ? await this.urlRules.reference(manager, 'img_perfil', proposed.img_perfil, URL_RULES.imagenPerfil, { audience: id, author: caller.id_empleado })
        : undefined;
      const responsable = cambios.find((cambio) => cambio.campo === 'id_responsable');
      if (responsable) await assertResponsableExiste(manager, id, proposed.id_responsable!);
      if (cambios.some((cambio) => cambio.campo === 'id_centro_trabajo')) await assertCentroExiste(manager, proposed.id_centro_trabajo!);
      if (cambios.length) {
        await this.empleados.update(manager, id, Object.fromEntries(cambios.map((cambio) => [cambio.campo, cambio.nuevo])), imagen?.idArchivo);
        if (responsable) await assertSinCiclos(manager, [id]);
        if (current.activo && proposed.activo === false) {
          foldChanges(cambios, await revokeLeaverAccess(manager, id, calendarDateAt(new Date(), this.config.companyTimeZone)));
          await this.webhooks.emitir(manager, 'empleado.baja', { id_empleado: id });
        }
        // A leave date sent with the reactivation is the one wanted: it stays.
        if (!current.activo && proposed.activo === true && proposed.fecha_baja === undefined) foldChanges(cambios, [await clearLeaveDate(manager, id)]);
        const entrada: EntradaHistorial = { idEmpleado: id, idActor: caller.id_empleado, origen: 'api', cambios };
        await recordHistory(manager, [entrada]);
        await registrarCambiosDeCalendario(this.calendario, manager, [entrada]);
      }
      return id;
    });
  }

  /**
   * Runs a change in one transaction, after the caller's role is read again under the administration
   * lock (it may have been withdrawn since the request started), and answers with the resulting record.
   */
  private async administer(caller: AuthenticatedEmployee, change: (manager: EntityManager, actorRol: RolId) => Promise<number>): Promise<EmpleadoDetalleDto> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const actorRol = await beginAdministrationAs(this.empleados, manager, caller.id_empleado);
        return this.lecturas.detail(await change(manager, actorRol), manager);
      });
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      if (constraint === 'uq_empleado_correo') throw empleadoDuplicado('correo');
      if (constraint === 'uq_empleado_idp_oid') throw empleadoDuplicado('idp_oid');
      throw error;
    }
  }
}

/** Both dates as they would be stored: one sent may contradict the other as it is. */
function assertAltaAntesDeBaja({ fecha_alta, fecha_baja }: Pick<EmpleadoEditable, 'fecha_alta' | 'fecha_baja'>): void {
  if (fecha_alta && fecha_baja && fecha_alta > fecha_baja) throw altaPosteriorABaja();
}

function definedFields(dto: UpdateEmpleadoDto): Partial<EmpleadoEditable> {
  return Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
}

/**
 * Nobody changes their own role or deactivates themselves. An Admin changes employees (and their own
 * record); roles, other Admins and Super Admins are for a Super Admin. Re-sending a field's current
 * value is not a change: an admin panel may send the whole form back.
 */
function authorizeUpdate(idActor: number, actorRol: RolId, id: number, current: EmpleadoEditable, changes: Partial<EmpleadoEditable>): void {
  const changesRole = changes.id_rol !== undefined && changes.id_rol !== current.id_rol;
  if (id === idActor && (changesRole || changes.activo === false)) throw operacionSobreSiMismo();
  if (changesRole && actorRol !== RolId.SuperAdministrador) throw soloSuperAdministrador();
  if (id !== idActor) assertMayAdminister(actorRol, current);
}
