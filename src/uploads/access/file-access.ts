import { Injectable } from '@nestjs/common';
import type { AuthenticatedEmployee } from '../../auth/authenticated.js';
import { isAdmin } from '../../auth/roles.decorator.js';
import { RegistroAccesos } from '../../registro-accesos/registro-accesos.service.js';
import { ArchivosRepository } from '../archivos.repository.js';
import { PRIVATE_NO_STORE, PUBLIC_IMMUTABLE } from '../serving/file-cache-control.js';
import type { StoredFileKey } from '../storage/file-storage.js';
import { FileLinks } from './file-links.js';

/** Who asks for a file: the employee behind a valid bearer token, if any, and the query of the URL. */
export interface FileRequester {
  employee?: AuthenticatedEmployee;
  query: { firma?: unknown; expira?: unknown };
}

export interface FileAccessDecision {
  allowed: boolean;
  /** Sent with the file when it is allowed. */
  cacheControl: string;
}

/**
 * The one access decision for serving stored files: a public folder's files to anyone; a private
 * one's, while registered, to a valid signed link, to Admins and Super Admins, and to an employee who may see the file.
 */
@Injectable()
export class FileAccess {
  constructor(
    private readonly links: FileLinks,
    private readonly archivos: ArchivosRepository,
    private readonly registro: RegistroAccesos,
  ) {}

  /** An allowed private file read by a known employee is logged for each other person it belongs to. */
  async decide(file: StoredFileKey, requester: FileRequester): Promise<FileAccessDecision> {
    if (this.links.isPublic(file.folder)) return { allowed: true, cacheControl: PUBLIC_IMMUTABLE };
    const allowed = await this.mayReadPrivate(file, requester);
    if (allowed && requester.employee) await this.logRead(file, requester.employee.id_empleado);
    return { allowed, cacheControl: PRIVATE_NO_STORE };
  }

  /**
   * A signed link without a token names no reader: the answer that handed it out (a request, a document list)
   * was logged when it was read.
   */
  private async logRead(file: StoredFileKey, idLector: number): Promise<void> {
    const archivo = await this.archivos.employeesOf(file);
    if (!archivo) return;
    await this.registro.registrar(archivo.titulares.map((idTitular) => ({ idLector, idTitular, recurso: 'archivo', idRecurso: archivo.idArchivo })));
  }

  private async mayReadPrivate(file: StoredFileKey, { employee, query }: FileRequester): Promise<boolean> {
    // A signed link or an Admin reads any file still registered; a blocked one is not, whoever asks.
    if (this.links.hasValidSignature(file, query) || (employee && isAdmin(employee.rol.id_rol))) return this.archivos.isRegistered(file);
    if (!employee) return false;
    return this.archivos.isVisibleTo(file, employee.id_empleado);
  }
}
