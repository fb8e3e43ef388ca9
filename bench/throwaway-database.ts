import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';

/** Runs `work` against a fresh database on the server of DATABASE_URL (or the local one), then drops it. */
export async function withThrowawayDatabase<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomUUID().slice(0, 8)}`;
  const admin = await new DataSource({ type: 'postgres', url: serverUrl, poolSize: 1 }).initialize();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    return await work(Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  }
}
