import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { claimTaskRun } from '../database/task-run.js';
import { ArchivosRepository } from './archivos.repository.js';
import { FILE_STORAGE, type FileStorage } from './storage/file-storage.js';

export const TAREA_ARCHIVOS_SIN_USO = 'archivos_sin_uso';

/** Files looked at per query, and queries per run: a run's work is bounded, the next run goes on. */
const BATCH_SIZE = 100;
const MAX_BATCHES_PER_RUN = 10;

export interface ResultadoLimpieza {
  /** False when another instance already ran this tick. */
  ejecutado: boolean;
  eliminados: number;
}

/** Removes uploaded files no row uses any more: the row first, then the stored bytes. */
@Injectable()
export class ArchivosCleanup {
  private readonly logger = new Logger(ArchivosCleanup.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly archivos: ArchivosRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Removes the file unless a row still names it. Once the row is gone nothing can name the file
   * again, so a storage failure leaves only unreachable bytes, which is logged.
   */
  async removeIfUnused(idArchivo: number): Promise<boolean> {
    const file = await this.archivos.deleteIfUnreferenced(idArchivo);
    if (!file) return false;
    await this.storage.delete(file).catch((error: unknown) => {
      this.logger.error(`Could not delete ${file.folder}/${file.name} from storage: ${(error as Error).message}`);
    });
    return true;
  }

  /**
   * Uploads no row names, older than UPLOAD_ORPHAN_GRACE_MINUTES (a fresh upload is waiting for the
   * form that will name it). `clave` names the run: of the instances firing for one tick, one works.
   */
  async removeOrphans(clave: string): Promise<ResultadoLimpieza> {
    if (!(await claimTaskRun(this.dataSource.manager, TAREA_ARCHIVOS_SIN_USO, clave))) return { ejecutado: false, eliminados: 0 };
    let eliminados = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const ids = await this.archivos.unreferencedOlderThan(this.config.files.orphanGraceMinutes, BATCH_SIZE);
      for (const id of ids) if (await this.removeIfUnused(id)) eliminados += 1;
      if (ids.length < BATCH_SIZE) break;
    }
    this.logger.log(`Unused uploads ${clave}: ${eliminados} removed`);
    return { ejecutado: true, eliminados };
  }
}
