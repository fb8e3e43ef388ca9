import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { ApiError, apiError } from '../common/api-error.js';
import { offsetOf, paginationOf } from '../common/pagination.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { WebhookEventos } from '../webhooks/webhook-eventos.service.js';
import { NotificacionesRepository } from '../notificaciones/notificaciones.repository.js';
import { RegistroAccesos } from '../registro-accesos/registro-accesos.service.js';
import { FileLinks } from '../uploads/access/file-links.js';
import { ArchivosCleanup } from '../uploads/archivos-cleanup.service.js';
import { URL_RULES, UrlFieldRules } from '../uploads/url-field-rules.js';
import type { CreateDocumentoDto } from './dto/create-documento.dto.js';
import { type DocumentoCreadoDto, type DocumentoEliminadoDto, type DocumentosPageDto, toDocumentoDto } from './dto/documento.response.js';
import type { ListDocumentosQuery } from './dto/list-documentos.query.js';
import { DocumentosRepository } from './documentos.repository.js';

@Injectable()
export class DocumentosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly documentos: DocumentosRepository,
    private readonly notificaciones: NotificacionesRepository,
    private readonly urlRules: UrlFieldRules,
    private readonly links: FileLinks,
    private readonly cleanup: ArchivosCleanup,
    private readonly webhooks: WebhookEventos,
    private readonly registro: RegistroAccesos,
  ) {}

  /** The caller's own documents; an admin may name another employee, and a page of theirs is logged. */
  async list(caller: AuthenticatedEmployee, query: ListDocumentosQuery): Promise<DocumentosPageDto> {
    const idEmpleado = query.id_empleado ?? caller.id_empleado;
    if (idEmpleado !== caller.id_empleado && !isAdmin(caller.rol.id_rol)) {
      throw new ApiError(HttpStatus.FORBIDDEN, { message: 'No tienes permisos para acceder a este recurso.' });
    }
    const { rows, total } = await this.documentos.pageOf(idEmpleado, query.limite, offsetOf(query));
    if (rows.length) await this.registro.registrar([{ idLector: caller.id_empleado, idTitular: idEmpleado, recurso: 'documento' }]);
    return { success: true, data: rows.map((row) => toDocumentoDto(row, this.links.forViewer)), pagination: paginationOf(total, query) };
  }

  /** Publishes a document for an employee and tells them, in one transaction. */
  async create(admin: AuthenticatedEmployee, dto: CreateDocumentoDto): Promise<DocumentoCreadoDto> {
    const row = await this.dataSource.transaction(async (manager) => {
      if (!(await this.documentos.lockActiveEmployee(manager, dto.id_empleado))) {
        throw apiError(HttpStatus.NOT_FOUND, 'empleado_no_encontrado', 'El empleado no existe o no está activo.');
      }
      const archivo = await this.urlRules.reference(manager, 'url', dto.url, URL_RULES.documento, { audience: dto.id_empleado, author: admin.id_empleado });
      const documento = await this.documentos.insert(manager, {
        idEmpleado: dto.id_empleado,
        titulo: dto.titulo,
        url: archivo.url,
        idArchivo: archivo.idArchivo!,
        idAutor: admin.id_empleado,
      });
      await this.notificaciones.insert(manager, {
        idUsuario: dto.id_empleado,
        tipo: TipoNotificacionId.Documento,
        titulo: 'Nuevo documento disponible',
        mensaje: `${admin.nombre} publicó el documento «${dto.titulo}».`,
        idRemitente: admin.id_empleado,
      });
      await this.webhooks.emitir(manager, 'documento.publicado', { id_documento: documento.id_documento, id_empleado: dto.id_empleado });
      return documento;
    });
    return { success: true, message: 'Documento publicado correctamente.', data: toDocumentoDto(row, this.links.forViewer) };
  }

  /** Its file goes too, unless another row still names it. */
  async delete(id: number): Promise<DocumentoEliminadoDto> {
    const deleted = await this.documentos.delete(id);
    if (!deleted) throw apiError(HttpStatus.NOT_FOUND, 'documento_no_encontrado', 'El documento no existe.');
    if (deleted.id_archivo !== null) await this.cleanup.removeIfUnused(deleted.id_archivo);
    return { success: true, message: 'Documento eliminado correctamente.' };
  }
}
