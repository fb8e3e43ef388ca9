import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.setup.js';
import { SigningKeyStore } from '../../src/auth/signing-key-store.js';
import { buildAppConfig } from '../../src/config/app-config.js';
import { parseEnvironment } from '../../src/config/environment.js';
import { Factories } from './factories.js';
import { recordContract } from './openapi-contract.js';
import { TEST_AUDIENCE, TEST_ISSUER, TestIdentityProvider } from './test-identity-provider.js';
import { waitFor } from './wait-for.js';

/** Seeded catalogues that survive truncation. */
const CATALOG_TABLES = new Set(['rol', 'tipo_solicitud', 'estado_solicitud', 'tipo_notificacion', 'migraciones']);

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  idp: TestIdentityProvider;
  db: DataSource;
  factories: Factories;
  /** The Authorization header of a request made by `who`: a fresh token of the test identity provider. */
  authorizationOf(who: { idp_oid: string }): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  extraModules?: Type[];
  /** Trust the provider's own issuer and find its keys through OpenID discovery. */
  discoverKeys?: boolean;
  /** Trust an issuer of a tenant the provider does not know: its discovery answers 400 `invalid_tenant`, as Entra ID's does. */
  unknownTenant?: boolean;
  /** The provider answers 503 from the start: the app has never fetched its keys. */
  identityProviderDown?: boolean;
  /** Start on the data as it is: a second instance beside a running one. */
  keepData?: boolean;
}

/** The real application on the test database, trusting a test identity provider on loopback. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const idp = await TestIdentityProvider.start();
  idp.setDown(options.identityProviderDown ?? false);
  const env = parseEnvironment({
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_POOL_SIZE: process.env.TEST_EMBEDDED_DATABASE ? '1' : '5',
    // The embedded database's one connection serializes the races the tests start: queued requests wait their turn.
    ...(process.env.TEST_EMBEDDED_DATABASE ? { DATABASE_WAIT_MS: '20000' } : {}),
    AUTH_ISSUER_BASE_URL: options.unknownTenant ? idp.unknownTenantIssuer : options.discoverKeys ? idp.ownIssuer : TEST_ISSUER,
    AUTH_AUDIENCE: TEST_AUDIENCE,
    AUTH_JWKS_URI: options.discoverKeys || options.unknownTenant ? undefined : idp.jwksUri,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    // Auth tests send many bad tokens from one address; the limiter's own tests turn it on.
    AUTH_FAILURE_LIMIT: '0',
    // The fuzz suites export the same employee's data many times; the export's own tests turn the limit on.
    DATOS_EXPORTACIONES_POR_DIA: '0',
    // Background jobs would race the tests' own calls; the tests of the schedule turn them on.
    SCHEDULED_JOBS: 'false',
    UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'ess-uploads-')),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ess-data-')),
    ...options.env,
  });
  if (!options.keepData) await truncateAll(env.DATABASE_URL!);
  const app = await createApp(buildAppConfig(env, env.DATABASE_URL!), options.extraModules);
  await app.init();
  // The keys are fetched in the background from start-up on; a test starts once production would be ready.
  if (!options.identityProviderDown && !options.unknownTenant) await waitFor(() => app.get(SigningKeyStore).status().fetchedAt !== null);
  recordContract(app.getHttpServer());
  const db = app.get(DataSource);
  return {
    app,
    http: request(app.getHttpServer()),
    idp,
    db,
    factories: new Factories(db),
    authorizationOf: async (who) => `Bearer ${await idp.token(who.idp_oid)}`,
    async close() {
      await app.close();
      await idp.stop();
    },
  };
}

/** Runs before the app starts (which may seed data), on its own short-lived connection. */
export async function truncateAll(url: string): Promise<void> {
  const db = await new DataSource({ type: 'postgres', url, poolSize: 1 }).initialize();
  try {
    const tables: { tablename: string }[] = await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    const names = tables.map((table) => table.tablename).filter((name) => !CATALOG_TABLES.has(name));
    if (names.length) await db.query(`TRUNCATE ${names.map((name) => `"${name}"`).join(', ')} RESTART IDENTITY CASCADE`);
    // Jobs name rows by id, and ids restart: an earlier file's job must not act on this file's rows. The engine's schema stays.
    const [{ engine }] = await db.query(`SELECT to_regclass('pgboss.job') IS NOT NULL AS engine`);
    if (engine) await db.query('DELETE FROM pgboss.job');
  } finally {
    await db.destroy();
  }
}
