import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { offsetOf, paginationOf } from '../common/pagination.js';
import { parseZonedDateTime } from '../common/zoned-date-time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FileLinks } from '../uploads/access/file-links.js';
import { URL_RULES, UrlFieldRules, type UrlReference } from '../uploads/url-field-rules.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { comunicadoNoDisponible, comunicadoNoEncontrado, fechaPublicacionInvalida, sinCambios } from './comunicado-errors.js';
import { ComunicadosPublisher } from './comunicados-publisher.service.js';
import { type CambiosComunicado, ComunicadosRepository } from './comunicados.repository.js';
import {
  type ComunicadoDesactivadoDto,
  type ComunicadoDto,
  type ComunicadoEliminadoDto,
  type ComunicadoGuardadoDto,
  type ComunicadoResponseDto,
  type ComunicadoRow,
  type ComunicadosPageDto,
  toComunicadoDto,
} from './dto/comunicado.response.js';
import type { CreateComunicadoDto } from './dto/create-comunicado.dto.js';
import type { ListComunicadosQuery } from './dto/list-comunicados.query.js';
import type { UpdateComunicadoDto } from './dto/update-comunicado.dto.js';

@Injectable()
export class ComunicadosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly comunicados: ComunicadosRepository,
    private readonly publisher: ComunicadosPublisher,
    private readonly urlRules: UrlFieldRules,
    private readonly links: FileLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** What employees see: active announcements whose publication time has come. */
  async listVisible(query: ListComunicadosQuery): Promise<ComunicadosPageDto> {
    const { rows, total } = await this.comunicados.pageVisible(query.limite, offsetOf(query));
    return { success: true, data: rows.map((row) => this.toDto(row)), pagination: paginationOf(total, query) };
  }

  async listAll(): Promise<ComunicadoDto[]> {
    return (await this.comunicados.findAll()).map((row) => this.toDto(row));
  }

  /** Admins read any announcement; others only visible ones (403 tells them it exists but is not out). */
  async get(caller: AuthenticatedEmployee, id: number): Promise<ComunicadoResponseDto> {
    const row = await this.comunicados.findById(id);
    if (!row) throw comunicadoNoEncontrado();
    if (!row.visible && !isAdmin(caller.rol.id_rol)) throw comunicadoNoDisponible();
    return { success: true, data: this.toDto(row) };
  }

  /** Creates it and, when it is already visible, notifies everyone in the same transaction. */
  async create(author: AuthenticatedEmployee, dto: CreateComunicadoDto): Promise<ComunicadoGuardadoDto> {
    const fechaPublicacion = dto.fecha_publicacion === undefined ? null : this.parseFecha(dto.fecha_publicacion);
    const row = await this.dataSource.transaction(async (manager) => {
      const multimedia = dto.url_multimedia == null ? null : await this.multimedia(manager, dto.url_multimedia);
      const id = await this.comunicados.insert(manager, {
        titulo: dto.titulo,
        contenido: dto.contenido,
        fechaPublicacion,
        activo: dto.activo ?? true,
        urlMultimedia: multimedia?.url ?? null,
        idArchivoMultimedia: multimedia?.idArchivo ?? null,
        idAutor: author.id_empleado,
      });
      return this.publishAndRead(manager, id);
    });
    return { success: true, message: 'Comunicado creado correctamente.', data: this.toDto(row) };
  }

  /** A partial update; one that makes it visible for the first time notifies everyone. */
  async update(id: number, dto: UpdateComunicadoDto): Promise<ComunicadoGuardadoDto> {
    const cambios: CambiosComunicado = {
      titulo: dto.titulo,
      contenido: dto.contenido,
      fechaPublicacion: dto.fecha_publicacion === undefined ? undefined : this.parseFecha(dto.fecha_publicacion),
      activo: dto.activo,
      urlMultimedia: dto.url_multimedia,
    };
    if (Object.values(cambios).every((value) => value === undefined)) throw sinCambios();
    const row = await this.dataSource.transaction(async (manager) => {
      if (dto.url_multimedia !== undefined) {
        const multimedia = dto.url_multimedia === null ? null : await this.multimedia(manager, dto.url_multimedia);
        cambios.urlMultimedia = multimedia?.url ?? null;
        cambios.idArchivoMultimedia = multimedia?.idArchivo ?? null;
      }
      if (!(await this.comunicados.update(manager, id, cambios))) throw comunicadoNoEncontrado();
      return this.publishAndRead(manager, id);
    });
    return { success: true, message: 'Comunicado actualizado correctamente.', data: this.toDto(row) };
  }

  /** Soft delete: the record stays and can be reactivated; deactivating twice is not an error. */
  async deactivate(id: number): Promise<ComunicadoDesactivadoDto> {
    if (!(await this.comunicados.deactivate(id))) throw comunicadoNoEncontrado();
    return { message: 'Comunicado desactivado correctamente.' };
  }

  async delete(id: number): Promise<ComunicadoEliminadoDto> {
    if (!(await this.comunicados.delete(id))) throw comunicadoNoEncontrado();
    return { success: true, message: 'Comunicado eliminado correctamente.' };
  }

  /** Any admin's upload will do: announcements are the company's, not their author's. */
  private multimedia(manager: EntityManager, url: string): Promise<UrlReference> {
    return this.urlRules.reference(manager, 'url_multimedia', url, URL_RULES.multimedia, { audience: 'everyone' });
  }

  private async publishAndRead(manager: EntityManager, id: number): Promise<ComunicadoRow> {
    await this.publisher.publish(manager, id);
    return (await this.comunicados.findById(id, manager))!;
  }

  private parseFecha(input: string): Date {
    const fecha = parseZonedDateTime(input, this.config.companyTimeZone);
    if (!fecha) throw fechaPublicacionInvalida();
    return fecha;
  }

  private toDto(row: ComunicadoRow): ComunicadoDto {
    return toComunicadoDto(row, this.config.companyTimeZone, this.links.forViewer);
  }
}
