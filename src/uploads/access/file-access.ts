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

  /**
   * A signed link or an Admin reads any file still registered (a blocked one is not, whoever asks); an employee,
   * a file they may see. An allowed read by a known employee is logged for each other person it belongs to; a signed
   * link without a token names no reader: the answer that handed it out (a request, a document list) was logged.
   */
  async decide(file: StoredFileKey, { employee, query }: FileRequester): Promise<FileAccessDecision> {
    if (this.links.isPublic(file.folder)) return { allowed: true, cacheControl: PUBLIC_IMMUTABLE };
    const signed = this.links.hasValidSignature(file, query);
    if (!employee) return { allowed: signed && (await this.archivos.isRegistered(file)), cacheControl: PRIVATE_NO_STORE };
    const view = await this.archivos.readerView(file, employee.id_empleado);
    const allowed = view !== null && (signed || isAdmin(employee.rol.id_rol) || view.visible);
    if (allowed) {
      const idLector = employee.id_empleado;
      await this.registro.registrar(view.titulares.map((idTitular) => ({ idLector, idTitular, recurso: 'archivo', idRecurso: view.idArchivo })));
    }
    return { allowed, cacheControl: PRIVATE_NO_STORE };
  }
}
