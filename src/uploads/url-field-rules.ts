import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { apiError } from '../common/api-error.js';
import { FileLinks } from './access/file-links.js';
import { type ArchivoRegistrado, ArchivosRepository } from './archivos.repository.js';
import type { UploadFolder } from './storage/file-storage.js';
import { uploadTypeOfName } from './upload-types.js';

/** What a URL field accepts. */
export interface UrlFieldRule {
  folder: UploadFolder;
  /** Only a file the employee filling in the field uploaded. */
  ownUpload: boolean;
  imageOnly: boolean;
  /** An https URL outside this service is accepted too. */
  externalHttps: boolean;
  /** Completes "<campo> …" in the 400's `errores`. */
  mensaje: string;
}

const IMAGE_TYPES = 'una imagen (JPEG, PNG, GIF o WebP)';

export const URL_RULES = {
  adjuntoSolicitud: {
    folder: 'solicitudes', ownUpload: true, imageOnly: false, externalHttps: false,
    mensaje: 'debe ser la URL de un archivo que hayas subido con POST /api/uploads/solicitud.',
  },
  imagenPerfilPropia: {
    folder: 'solicitudes', ownUpload: true, imageOnly: true, externalHttps: false,
    mensaje: `debe ser la URL de ${IMAGE_TYPES} que hayas subido con POST /api/uploads/solicitud.`,
  },
  imagenPerfil: {
    folder: 'solicitudes', ownUpload: false, imageOnly: true, externalHttps: false,
    mensaje: `debe ser la URL de ${IMAGE_TYPES} subida con POST /api/uploads/solicitud.`,
  },
  documento: {
    folder: 'documentos', ownUpload: false, imageOnly: false, externalHttps: false,
    mensaje: 'debe ser la URL de un archivo subido con POST /api/uploads/documento.',
  },
  multimedia: {
    folder: 'comunicados', ownUpload: false, imageOnly: false, externalHttps: true,
    mensaje: 'debe ser la URL de un archivo subido con POST /api/uploads/comunicado o una URL https externa.',
  },
} as const satisfies Record<string, UrlFieldRule>;

/**
 * The row a URL field belongs to: whom it is for (the employee a document, request, profile update or
 * profile image is for, with who writes it: themselves or an admin), or everyone (an announcement).
 */
export type NamingRow = { audience: number; author: number } | { audience: 'everyone' };

/** A row an employee writes for themselves: a request, a profile update. */
export const ownRow = (idEmpleado: number): NamingRow => ({ audience: idEmpleado, author: idEmpleado });

/** A URL field's value as stored: the URL without a signature, and the file it names (null: external). */
export interface UrlReference {
  url: string;
  idArchivo: number | null;
}

/** A signature the API added to a URL it returned; a client sending that URL back sends the file's URL. */
const LINK_SIGNATURE = /\?firma=[A-Za-z0-9_-]{43}&expira=[0-9]{1,12}$/;

/**
 * Checks a URL field against its rule inside the caller's transaction, and names the file it stores,
 * kept from the clean-up until the transaction ends. Anything else → 400 `url_no_permitida`; a file
 * that belongs to another audience → 409 `archivo_de_otro_destinatario`.
 */
@Injectable()
export class UrlFieldRules {
  constructor(
    private readonly links: FileLinks,
    private readonly archivos: ArchivosRepository,
  ) {}

  async reference(manager: EntityManager, campo: string, value: string, rule: UrlFieldRule, row: NamingRow): Promise<UrlReference> {
    const url = this.unsigned(value);
    const file = this.links.storedFileOf(url);
    if (!file) {
      if (rule.externalHttps && url.startsWith('https://') && !this.links.isOwnUrl(url)) return { url, idArchivo: null };
      throw urlNoPermitida(campo, rule);
    }
    const archivo = file.folder === rule.folder ? await this.archivos.findForReference(manager, file) : null;
    if (!archivo) throw urlNoPermitida(campo, rule);
    // A file belongs to the one audience of the rows naming it: taken, whatever else is wrong with it.
    const audiences = await this.archivos.audiencesOf(manager, archivo.id_archivo);
    if (audiences.some((audience) => audience !== row.audience)) throw archivoDeOtroDestinatario(campo);
    if (rule.ownUpload && (row.audience === 'everyone' || archivo.id_subidor !== row.author)) throw urlNoPermitida(campo, rule);
    const mime = archivo.tipo ?? uploadTypeOfName(file.name)?.mime;
    if (rule.imageOnly && !mime?.startsWith('image/')) throw urlNoPermitida(campo, rule);
    if (!audiences.length && !firstAudienceAllowed(archivo, row)) throw archivoDeOtroDestinatario(campo);
    return { url, idArchivo: archivo.id_archivo };
  }

  unsigned(url: string): string {
    return url.replace(LINK_SIGNATURE, '');
  }
}

/**
 * A file no row names yet is its uploader's: only a row for them, or one the uploader writes (an admin
 * giving one employee a file they uploaded), may name it first. An announcement may take any upload
 * to its folder, which only admins make.
 */
function firstAudienceAllowed(archivo: ArchivoRegistrado, row: NamingRow): boolean {
  if (row.audience === 'everyone') return true;
  return archivo.id_subidor === row.audience || archivo.id_subidor === row.author;
}

function archivoDeOtroDestinatario(campo: string) {
  return apiError(HttpStatus.CONFLICT, 'archivo_de_otro_destinatario', `El archivo indicado en ${campo} pertenece a otra persona.`, {
    errores: [{ campo, mensaje: 'debe nombrar un archivo que no pertenezca a otra persona: súbelo de nuevo para este destinatario.' }],
  });
}

function urlNoPermitida(campo: string, rule: UrlFieldRule) {
  return apiError(HttpStatus.BAD_REQUEST, 'url_no_permitida', `La URL indicada en ${campo} no está permitida.`, {
    errores: [{ campo, mensaje: rule.mensaje }],
  });
}
