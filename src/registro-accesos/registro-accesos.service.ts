import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { requestBeingServed } from '../common/request-context.js';
import { preparedQuery } from '../database/prepared-query.js';
import type { AccesoDatos } from './acceso-datos.js';

/** Rows per INSERT: the parameters are five arrays, so a batch costs one round trip whatever its size. */
const MAX_ROWS_PER_INSERT = 1_000;

interface Waiting {
  rows: StoredAcceso[];
  done: (error?: unknown) => void;
}

interface StoredAcceso extends AccesoDatos {
  origen: string | null;
}

/**
 * The access log's writer (GDPR art. 5(2), 32). A read is answered only once its entry is stored, so an
 * acknowledged read is never missing from the log. Entries are written by group commit: while one INSERT is
 * under way, the entries of the reads that arrive meanwhile wait and go together in the next one. Under no
 * load that is one INSERT per read; under load, one per round trip, whatever the number of readers.
 */
@Injectable()
export class RegistroAccesos {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly dataSource: DataSource) {}

  /** Resolves once the entries are stored; reads of one's own data are left out. */
  registrar(accesos: readonly AccesoDatos[]): Promise<void> {
    const origen = originOfServedRequest();
    const rows = accesos.filter((acceso) => acceso.idLector !== acceso.idTitular).map((acceso) => ({ ...acceso, origen }));
    if (!rows.length) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ rows, done: (error) => (error === undefined ? resolve() : reject(error)) });
      void this.writeWaiting();
    });
  }

  private async writeWaiting(): Promise<void> {
    if (this.writing || !this.waiting.length) return;
    this.writing = true;
    const batch = takeBatch(this.waiting);
    try {
      await this.insert(batch.flatMap((waiting) => waiting.rows));
      for (const waiting of batch) waiting.done();
    } catch (error) {
      // One read's bad entry must not fail the others it was batched with: each is tried on its own.
      if (batch.length === 1) batch[0]!.done(error);
      else await Promise.all(batch.map((waiting) => this.insert(waiting.rows).then(() => waiting.done(), (alone: unknown) => waiting.done(alone))));
    } finally {
      this.writing = false;
      void this.writeWaiting();
    }
  }

  /** A prepared statement: it runs on every logged read, and planning it each time cost more than running it. */
  private async insert(rows: StoredAcceso[]): Promise<void> {
    await preparedQuery(
      this.dataSource,
      `INSERT INTO acceso_datos (id_lector, id_titular, recurso, id_recurso, origen)
       SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[])`,
      [rows.map((row) => row.idLector), rows.map((row) => row.idTitular), rows.map((row) => row.recurso),
        rows.map((row) => (row.idRecurso == null ? null : String(row.idRecurso))), rows.map((row) => row.origen)],
    );
  }
}

/** Whole waiting reads, up to MAX_ROWS_PER_INSERT rows (a single read over it still goes alone). */
function takeBatch(waiting: Waiting[]): Waiting[] {
  let rows = 0;
  let count = 0;
  while (count < waiting.length && (count === 0 || rows + waiting[count]!.rows.length <= MAX_ROWS_PER_INSERT)) {
    rows += waiting[count]!.rows.length;
    count += 1;
  }
  return waiting.splice(0, count);
}

/** The caller's address as Express reads it (TRUST_PROXY decides whether X-Forwarded-For counts). */
function originOfServedRequest(): string | null {
  const request = requestBeingServed() as Request | undefined;
  return (request?.ip ?? request?.socket?.remoteAddress ?? null)?.slice(0, 45) ?? null;
}
