import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedEmployee } from '../../auth/authenticated.js';
import { addDays, calendarDateAt } from '../../common/calendar-date.js';
import { ComunicadosService } from '../../comunicados/comunicados.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DEMO_CLIENTS } from '../../dev-idp/demo-clients.js';
import { DocumentosService } from '../../documentos/documentos.service.js';
import { EmpleadosRepository } from '../../empleados/empleados.repository.js';
import { CorreccionFichajeCreationService } from '../../solicitudes/correccion-fichaje-creation.service.js';
import { SolicitudCreationService } from '../../solicitudes/solicitud-creation.service.js';
import { SolicitudDecisionService } from '../../solicitudes/solicitud-decision.service.js';
import { AUSENCIA, PERMISO, TELETRABAJO, VACACIONES } from '../../solicitudes/tipos-solicitud.js';
import { FileLinks } from '../../uploads/access/file-links.js';
import { FILE_STORAGE, type FileStorage, StoredNameTakenError } from '../../uploads/storage/file-storage.js';
import { DEMO_DOCUMENT, DEMO_IMAGE, type DemoFile } from './demo-files.js';
import { DIA, seedDemoFichajes } from './demo-fichajes.js';
import { seedDemoFormerEmployee } from './demo-antiguo-empleado.js';
import { PrivacidadRetencionService } from '../../privacidad-retencion/privacidad-retencion.service.js';
import { RegistroAccesos } from '../../registro-accesos/registro-accesos.service.js';

const pad = (day: number) => String(day).padStart(2, '0');

/** The ejecucion_tarea row that marks the demo activity as seeded. */
const SEEDED = { tarea: 'datos-demo', clave: 'actividad' };

/**
 * Requests in every state, an announcement with an image, a document and the notifications these
 * produce, made through the services the API uses, so they are what the API itself would have made.
 * Seeded once per database.
 */
@Injectable()
export class DemoActivitySeeder {
  private readonly logger = new Logger(DemoActivitySeeder.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly links: FileLinks,
    private readonly empleados: EmpleadosRepository,
    private readonly creation: SolicitudCreationService,
    private readonly decisions: SolicitudDecisionService,
    private readonly correcciones: CorreccionFichajeCreationService,
    private readonly comunicados: ComunicadosService,
    private readonly documentos: DocumentosService,
    private readonly registroAccesos: RegistroAccesos,
    private readonly retencion: PrivacidadRetencionService,
  ) {}

  async seedOnce(): Promise<void> {
    if (await this.alreadySeeded()) return;
    const [empleada, admin, superAdmin] = await Promise.all(DEMO_CLIENTS.map((client) => this.empleados.findActiveForAuthentication(client.oid)));
    // A demo employee deactivated by hand: the demo stays as it is.
    if (!empleada || !admin || !superAdmin) return;
    await this.seedRequests(empleada, admin, superAdmin);
    const hoy = calendarDateAt(new Date(), this.config.companyTimeZone);
    const [primerDia] = await this.dataSource.transaction((manager) => seedDemoFichajes(manager, empleada.id_empleado, hoy, this.config.companyTimeZone));
    // The company proposes correcting her first day's entrada: a proposal only she accepts or rejects.
    await this.correcciones.create(admin, {
      id_empleado: empleada.id_empleado,
      fecha: primerDia!,
      fichajes: DIA.map(([tipo, hora], index) => ({ tipo, instante: `${primerDia}T${index === 0 ? '08:30' : hora}` })),
      motivo: 'El control de acceso registra tu llegada a las 08:30: la entrada se fichó más tarde.',
    });
    const imagen = await this.store(DEMO_IMAGE, admin);
    await this.comunicados.create(admin, {
      titulo: 'Bienvenida al portal del empleado',
      contenido: 'Desde hoy puedes pedir vacaciones, permisos y teletrabajo, y consultar tus documentos, desde este portal.',
      url_multimedia: imagen,
    });
    const manual = await this.store(DEMO_DOCUMENT, admin);
    await this.documentos.create(admin, { id_empleado: empleada.id_empleado, titulo: 'Manual de bienvenida', url: manual });
    await this.dataSource.transaction((manager) => seedDemoFormerEmployee(manager, hoy, admin.id_empleado));
    // As the daily run would: the former employee's data is past its retention, and is blocked.
    await this.retencion.aplicar({ hoy, simulacro: false });
    await this.dataSource.query(`INSERT INTO ejecucion_tarea (tarea, clave) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [SEEDED.tarea, SEEDED.clave]);
    this.logger.log('Demo requests, clocked days, announcement, document, notifications, an access-log entry and a former employee\'s blocked data created');
  }

  private async alreadySeeded(): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM ejecucion_tarea WHERE tarea = $1 AND clave = $2`, [SEEDED.tarea, SEEDED.clave]);
    return rows.length > 0;
  }

  /** One request per state for the employee, one approved for the admin; approvals and rejections notify. */
  private async seedRequests(empleada: AuthenticatedEmployee, admin: AuthenticatedEmployee, superAdmin: AuthenticatedEmployee): Promise<void> {
    // Weeks of next February: always ahead, five working days each, no national holiday.
    const february = new Date().getUTCFullYear() + 1;
    const week = (firstDay: number) => ({ fecha_inicio: `${february}-02-${pad(firstDay)}`, fecha_fin: `${february}-02-${pad(firstDay + 6)}` });
    const today = calendarDateAt(new Date(), this.config.companyTimeZone);
    await this.creation.createWithDates(VACACIONES, empleada, { ...week(15), descripcion: 'Vacaciones con la familia' });
    const permiso = await this.creation.createWithDates(PERMISO, empleada, { ...week(1), descripcion: 'Mudanza' });
    await this.decisions.approve(permiso.id_solicitud, admin, { comentario: 'Que vaya bien la mudanza.' });
    // The Admin opened it to decide: the first entry she finds at GET /api/empleados/me/accesos.
    await this.registroAccesos.registrar([{ idLector: admin.id_empleado, idTitular: empleada.id_empleado, recurso: 'solicitud', idRecurso: permiso.id_solicitud }]);
    const ausencia = await this.creation.createWithDates(AUSENCIA, empleada, {
      fecha_inicio: addDays(today, -14),
      fecha_fin: addDays(today, -8),
      descripcion: 'Cita médica',
    });
    await this.decisions.reject(ausencia.id_solicitud, admin, { comentario: 'Falta el justificante médico.' });
    const teletrabajo = await this.creation.createWithDates(TELETRABAJO, empleada, { ...week(8), descripcion: 'Obras en la oficina' });
    await this.decisions.cancel(teletrabajo.id_solicitud, empleada, { comentario: 'Las obras se han aplazado.' });
    const deAdmin = await this.creation.createWithDates(TELETRABAJO, admin, { ...week(8), descripcion: 'Semana de formación en remoto' });
    await this.decisions.approve(deAdmin.id_solicitud, superAdmin, {});
  }

  /** Stores the file and records it as an upload of `uploader`, as POST /api/uploads does; returns its URL. */
  private async store(file: DemoFile, uploader: AuthenticatedEmployee): Promise<string> {
    const key = { folder: file.folder, name: file.name };
    await this.storage.create(key, Readable.from([file.content]), { contentType: file.contentType }).catch((error: unknown) => {
      if (!(error instanceof StoredNameTakenError)) throw error;
    });
    await this.dataSource.query(
      `INSERT INTO archivo (carpeta, nombre, id_subidor, tamano, tipo, sha256) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (carpeta, nombre) DO NOTHING`,
      [file.folder, file.name, uploader.id_empleado, file.content.length, file.contentType, createHash('sha256').update(file.content).digest('hex')],
    );
    return this.links.urlOf(key);
  }
}
