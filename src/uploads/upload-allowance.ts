import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { apiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { ReceivedUpload } from './receiving/upload-receiver.js';
import type { UploadFolder } from './storage/file-storage.js';

/** Arbitrary constant: "ess-api uploads", paired with the employee's id. */
const UPLOADS_LOCK_KEY = 730_726_340;

/** Concurrent uploads are refused for a moment: one will have finished by then. */
const CONCURRENT_RETRY_SECONDS = 5;

interface Usage {
  /** Uploads begun and not yet received, within the longest time a request may take. */
  enCurso: number;
  /** Bytes received over the last 24 hours. */
  usados: number;
  /** Until the oldest of those leaves the 24 hours. */
  segundosHastaLiberar: number;
}

/**
 * What an employee may upload: UPLOAD_QUOTA_BYTES_PER_DAY over the last 24 hours and
 * UPLOAD_MAX_CONCURRENT_PER_EMPLOYEE at a time, counted in the database so every instance agrees.
 * An upload holds its `archivo` row from the start (without a size until received, under a dotfile
 * name nothing can reference), and each employee's checks take turns under a transaction lock.
 */
@Injectable()
export class UploadAllowance {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Reserves a slot for an upload (429 when none is left) and returns the row that will record it. */
  async begin(idEmpleado: number, folder: UploadFolder, response: Response): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const usage = await this.usageOf(manager, idEmpleado);
      if (usage.enCurso >= this.config.files.maxConcurrentPerEmployee) {
        const error = apiError(HttpStatus.TOO_MANY_REQUESTS, 'subidas_simultaneas', 'Tienes demasiadas subidas de archivos en curso. Espera a que terminen.');
        throw refused(response, error, CONCURRENT_RETRY_SECONDS);
      }
      if (usage.usados >= this.config.files.quotaBytesPerDay) throw quotaExceeded(response, usage);
      const [{ id_archivo }] = await manager.query(`INSERT INTO archivo (carpeta, nombre, id_subidor) VALUES ($1, $2, $3) RETURNING id_archivo`, [
        folder,
        `.recibiendo-${randomUUID()}`,
        idEmpleado,
      ]);
      return id_archivo;
    });
  }

  /** Records the received file on its row, or answers 429 when it takes the employee past the day's quota. */
  async complete(idArchivo: number, idEmpleado: number, upload: ReceivedUpload, response: Response): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const usage = await this.usageOf(manager, idEmpleado);
      if (usage.usados + upload.size > this.config.files.quotaBytesPerDay) throw quotaExceeded(response, usage);
      await manager.query(`UPDATE archivo SET nombre = $2, tamano = $3, tipo = $4, sha256 = $5 WHERE id_archivo = $1`, [
        idArchivo,
        upload.key.name,
        upload.size,
        upload.mime,
        upload.sha256,
      ]);
    });
  }

  /** Frees the slot of an upload that was not recorded. */
  async release(idArchivo: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM archivo WHERE id_archivo = $1`, [idArchivo]);
  }

  /** Locks the employee's uploads until the transaction ends (index ix_archivo_subidor serves the query). */
  private async usageOf(manager: EntityManager, idEmpleado: number): Promise<Usage> {
    await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [UPLOADS_LOCK_KEY, idEmpleado]);
    const [row] = await manager.query(
      `SELECT count(*) FILTER (WHERE tamano IS NULL AND fecha_creacion > now() - make_interval(secs => $2))::int AS en_curso,
              coalesce(sum(tamano), 0)::float8 AS usados,
              ceil(extract(epoch FROM min(fecha_creacion) FILTER (WHERE tamano IS NOT NULL) + interval '1 day' - now()))::int AS liberar
         FROM archivo WHERE id_subidor = $1 AND fecha_creacion > now() - interval '1 day'`,
      [idEmpleado, this.config.httpTimeouts.requestMs / 1000],
    );
    return { enCurso: row.en_curso, usados: row.usados, segundosHastaLiberar: Math.max(1, row.liberar ?? 1) };
  }
}

function quotaExceeded(response: Response, usage: Usage) {
  const error = apiError(HttpStatus.TOO_MANY_REQUESTS, 'cuota_subida_superada', 'Has alcanzado el límite diario de subida de archivos. Inténtalo más tarde.');
  return refused(response, error, usage.segundosHastaLiberar);
}

/**
 * With its Retry-After. Refused before the body was read, reading it on (and dropping it) lets a
 * client still sending receive the 429 instead of a broken connection.
 */
function refused<T>(response: Response, error: T, retryAfterSeconds: number): T {
  response.setHeader('Retry-After', String(retryAfterSeconds));
  response.req.resume();
  return error;
}
