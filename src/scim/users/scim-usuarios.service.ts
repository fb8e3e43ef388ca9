import { CambiosDeCalendario } from '../../calendario-laboral/cambios-de-calendario.js';
import { registrarCambiosDeCalendario } from '../../empleados/cambios-de-calendario-de-empleado.js';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RolId } from '../../catalogs/rol.entity.js';
import { centroDeOficina } from '../../centros-trabajo/centros-trabajo.lookup.js';
import { calendarDateAt } from '../../common/calendar-date.js';
import { totalShownBy } from '../../common/pagination.js';
import { violatedUniqueConstraint } from '../../common/unique-violation.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { clearLeaveDate } from '../../desactivacion/fecha-baja.js';
import { revokeLeaverAccess } from '../../desactivacion/revoke-leaver-access.js';
import { cambiosEntre, foldChanges } from '../../empleados/empleado-fields.js';
import { countActiveSuperAdmins, type EmpleadoEditable, EmpleadosRepository, lockAdministration } from '../../empleados/empleados.repository.js';
import type { CambioEmpleado } from '../../empleados/entities/historial-empleado.entity.js';
import { type EntradaHistorial, recordHistory } from '../../empleados/historial-empleado.repository.js';
import { resourceNotFound, ScimError, userNotFound } from '../scim-error.js';
import { listResponse } from '../scim-list.js';
import { parseUsuariosQuery } from './scim-list-query.js';
import { assertManagerChain, assertManagerProvisioned } from './scim-manager.js';
import { changesOfPatch } from './scim-patch.js';
import { eachAttribute, type ScimUserChanges } from './scim-user-changes.js';
import { type ScimUser, toScimUser } from './scim-user.resource.js';
import { CAMPOS_EMPLEADO, resolveUsuario, type UsuarioScim, type UsuarioScimRow } from './scim-usuario.js';
import { ScimUsuariosRepository } from './scim-usuarios.repository.js';
import { isPlainObject, scimIdOf } from './scim-values.js';
import { WebhookEventos } from '../../webhooks/webhook-eventos.service.js';

/** Whether a change attaches a detached employee to provisioning again, or detaches one. */
type Vinculo = 'vincular' | 'desvincular';

/**
 * Entra ID's provisioning of employees. Every write takes the administration lock the admin API
 * and the import take, locks the employee's row, applies the employee rules and records the
 * change in the employee's history with origin `scim` (no actor).
 */
@Injectable()
export class ScimUsuariosService {
  private readonly logger = new Logger(ScimUsuariosService.name);
  private readonly baseUrl: string;
  private readonly timeZone: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly empleados: EmpleadosRepository,
    private readonly usuarios: ScimUsuariosRepository,
    private readonly calendario: CambiosDeCalendario,
    private readonly webhooks: WebhookEventos,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.baseUrl = config.publicBaseUrl;
    this.timeZone = config.companyTimeZone;
  }

  /** A filter matches one user at most; without one, pages in id order. */
  async list(rawQuery: Record<string, unknown>) {
    const { filter, startIndex, count } = parseUsuariosQuery(rawQuery);
    const offset = startIndex - 1;
    const rows = count ? await this.usuarios.findPage(filter, count + 1, offset) : [];
    const total = (count ? totalShownBy(offset, count, rows.length) : undefined) ?? (await this.usuarios.count(filter));
    return listResponse(rows.slice(0, count).map((row) => toScimUser(row, this.baseUrl)), total, startIndex);
  }

  async get(id: string): Promise<ScimUser> {
    const row = await this.usuarios.find(this.dataSource.manager, idOf(id));
    if (!row) throw userNotFound(id);
    return toScimUser(row, this.baseUrl);
  }

  /**
   * A new employee, or one a SCIM DELETE detached coming back with the same externalId: a rehire,
   * set exactly as a new user with this body would be (Empleado unless roles are sent, no manager
   * unless one is sent), never what they had before they left.
   */
  create(body: unknown): Promise<ScimUser> {
    const changes = eachAttribute({}, bodyOf(body));
    return this.write(async (manager) => {
      const nuevo = resolveUsuario(null, changes, await this.centroDe(manager, changes.office));
      const previous = await this.usuarios.lockByIdpOid(manager, nuevo.idp_oid);
      if (previous && !previous.desvinculado) throw taken('externalId');
      if (!previous) return this.read(manager, await this.insert(manager, nuevo));
      await this.apply(manager, previous, nuevo, 'vincular');
      return this.read(manager, previous.id_empleado);
    });
  }

  /** PUT: the mapped attributes as sent; name parts not sent are cleared, `active` and `roles` not sent stay. */
  replace(id: string, body: unknown): Promise<ScimUser> {
    const changes = eachAttribute({}, bodyOf(body));
    return this.write(async (manager) => {
      const centro = await this.centroDe(manager, changes.office);
      return this.read(manager, await this.change(manager, id, (current) => resolveUsuario(replacing(current), changes, centro)));
    });
  }

  patch(id: string, body: unknown): Promise<ScimUser> {
    const changes: ScimUserChanges = changesOfPatch(bodyOf(body));
    return this.write(async (manager) => {
      const centro = await this.centroDe(manager, changes.office);
      return this.read(manager, await this.change(manager, id, (current) => resolveUsuario(current, changes, centro)));
    });
  }

  /**
   * The centre an office names by code or name, ignoring case and accents. An office that names none
   * leaves the centre as it is and is logged (its text only): provisioning never fails over it.
   */
  private async centroDe(manager: EntityManager, office: string | undefined): Promise<number | undefined> {
    if (office === undefined) return undefined;
    const centro = await centroDeOficina(manager, office);
    if (centro === undefined) this.logger.warn(`SCIM office ${JSON.stringify(office.slice(0, 100))} names no work centre (by codigo or nombre): the user's centre is left unchanged.`);
    return centro;
  }

  /** HR records are never deleted: the employee is deactivated and leaves provisioning; requests and history stay. */
  async remove(id: string): Promise<void> {
    await this.write((manager) => this.change(manager, id, (current) => ({ ...current, activo: false }), 'desvincular'));
  }

  /** Changes a provisioned employee, their row locked from the read to the write; answers their id. */
  private async change(manager: EntityManager, id: string, desired: (current: UsuarioScimRow) => UsuarioScim, vinculo?: Vinculo): Promise<number> {
    const current = await this.usuarios.lock(manager, idOf(id));
    if (!current) throw userNotFound(id);
    await this.apply(manager, current, desired(current), vinculo);
    return current.id_empleado;
  }

  private async read(manager: EntityManager, id: number): Promise<ScimUser> {
    return toScimUser((await this.usuarios.find(manager, id))!, this.baseUrl);
  }

  /** One transaction under the administration lock; a taken address or objectId is 409 `uniqueness`. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        await lockAdministration(manager);
        return work(manager);
      });
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      if (constraint === 'uq_empleado_correo') throw taken('userName');
      if (constraint === 'uq_empleado_idp_oid') throw taken('externalId');
      throw error;
    }
  }

  private async insert(manager: EntityManager, nuevo: UsuarioScim): Promise<number> {
    const { correo, nombre, idp_oid, id_rol, id_responsable, id_centro_trabajo } = nuevo;
    if (id_responsable !== null) await assertManagerProvisioned(this.usuarios, manager, null, id_responsable);
    const id = await this.empleados.insert(manager, { correo, nombre, idp_oid, id_rol, telefono: null, direccion: null });
    // Nobody reports to a new user yet: their manager cannot close a cycle.
    await this.empleados.update(manager, id, {
      ...(!nuevo.activo && { activo: false }),
      ...(id_responsable !== null && { id_responsable }),
      ...(id_centro_trabajo !== null && { id_centro_trabajo }),
    });
    await this.usuarios.saveScimState(manager, id, { nombre_pila: nuevo.nombre_pila, apellidos: nuevo.apellidos, desvinculado: false });
    const cambios = cambiosEntre({}, empleadoFields(nuevo)).filter((cambio) => cambio.nuevo !== null);
    await recordHistory(manager, [{ idEmpleado: id, idActor: null, origen: 'scim', cambios }]);
    return id;
  }

  private async apply(manager: EntityManager, current: UsuarioScimRow, desired: UsuarioScim, vinculo?: Vinculo): Promise<void> {
    await assertKeepsASuperAdmin(manager, current, desired);
    const id = current.id_empleado;
    const managerChanged = desired.id_responsable !== current.id_responsable;
    if (managerChanged && desired.id_responsable !== null) await assertManagerProvisioned(this.usuarios, manager, id, desired.id_responsable);
    const cambios: CambioEmpleado[] = cambiosEntre(empleadoFields(current), empleadoFields(desired));
    const { idp_oid, ...editable } = Object.fromEntries(cambios.map((cambio) => [cambio.campo, cambio.nuevo])) as Partial<UsuarioScim>;
    await this.empleados.update(manager, id, editable as Partial<EmpleadoEditable>);
    if (managerChanged) await assertManagerChain(manager, id);
    if (idp_oid) await this.usuarios.updateIdpOid(manager, id, idp_oid);
    if (current.activo && !desired.activo) {
      cambios.push(...(await revokeLeaverAccess(manager, id, calendarDateAt(new Date(), this.timeZone))));
      await this.webhooks.emitir(manager, 'empleado.baja', { id_empleado: id });
    }
    if (!current.activo && desired.activo) foldChanges(cambios, [await clearLeaveDate(manager, id)]);
    if (vinculo) cambios.push({ campo: 'vinculado_scim', anterior: vinculo === 'desvincular', nuevo: vinculo === 'vincular' });
    if (vinculo || desired.nombre_pila !== current.nombre_pila || desired.apellidos !== current.apellidos) {
      await this.usuarios.saveScimState(manager, id, { nombre_pila: desired.nombre_pila, apellidos: desired.apellidos, desvinculado: vinculo === 'desvincular' });
    }
    const entrada: EntradaHistorial = { idEmpleado: id, idActor: null, origen: 'scim', cambios };
    await recordHistory(manager, [entrada]);
    await registrarCambiosDeCalendario(this.calendario, manager, [entrada]);
  }
}

/** The admin-side rule holds here too: the last active Super Administrador is neither demoted nor deactivated. */
async function assertKeepsASuperAdmin(manager: EntityManager, current: UsuarioScim, desired: UsuarioScim): Promise<void> {
  const isSuperAdmin = (usuario: UsuarioScim) => usuario.activo && usuario.id_rol === RolId.SuperAdministrador;
  if (!isSuperAdmin(current) || isSuperAdmin(desired) || (await countActiveSuperAdmins(manager)) > 1) return;
  throw new ScimError(
    HttpStatus.CONFLICT,
    'This user is the last active Super Administrador: give another user that role before demoting, deactivating or deleting this one.',
  );
}

function empleadoFields(usuario: UsuarioScim): Pick<UsuarioScim, (typeof CAMPOS_EMPLEADO)[number]> {
  return Object.fromEntries(CAMPOS_EMPLEADO.map((campo) => [campo, usuario[campo]])) as Pick<UsuarioScim, (typeof CAMPOS_EMPLEADO)[number]>;
}

/** A full replacement starts without the name parts: those not sent are cleared. */
function replacing(current: UsuarioScim): UsuarioScim {
  return { ...current, nombre_pila: null, apellidos: null };
}

function bodyOf(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw new ScimError(HttpStatus.BAD_REQUEST, 'The body must be a JSON object, sent as application/scim+json.', 'invalidSyntax');
  return body;
}

/** Ids are employee ids; anything else names no user. */
function idOf(id: string): number {
  const value = scimIdOf(id);
  if (value === undefined) throw resourceNotFound();
  return value;
}

const taken = (attribute: 'userName' | 'externalId') =>
  new ScimError(HttpStatus.CONFLICT, `${attribute} is already taken by another user.`, 'uniqueness');
