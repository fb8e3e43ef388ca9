import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { AppLogger } from './common/app-logger.js';
import { API_DOCS_PATH } from './common/api-docs-path.js';
import { MAX_OBJECT_MEMBERS, refuseOversizedJson } from './common/json-limits.js';
import { isHealthProbe } from './common/logger-options.js';
import { methodNotAllowed } from './common/method-not-allowed.middleware.js';
import { noStore } from './common/no-store.middleware.js';
import { requestLog } from './common/request-log.middleware.js';
import { securityHeaders } from './common/security-headers.js';
import { buildOpenApiDocument } from './openapi-document.js';
import { createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/app-config.js';
import { explorerAsFolder, explorerSignIn } from './dev-idp/explorer-sign-in.js';
import { FESTIVOS_CSV_PATH, festivosCsvParser } from './dias-festivos/csv-body.js';
import { scimErrorDialect } from './scim/scim-error.js';
import { scimResponseHeaders } from './scim/scim-response-headers.middleware.js';
import { SCIM_BASE_PATH, SCIM_MEDIA_TYPE } from './scim/scim-schemas.js';
import { noStoreUntilFileSent } from './uploads/serving/file-cache-control.js';

const BODY_LIMIT = '1mb';

/** The application exactly as production runs it; main.ts and the tests both come through here. */
export async function createApp(config: AppConfig, extraModules: Type[] = []): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, extraModules), {
    bufferLogs: true,
    bodyParser: false,
    // A provider that cannot start (a public storage container) is thrown to main, which prints one line, instead of
    // Nest printing its buffered start-up log and the stack and aborting; the buffer is flushed to our logger below.
    abortOnError: false,
    autoFlushLogs: false,
  });
  configureApp(app, config);
  return app;
}

function configureApp(app: NestExpressApplication, config: AppConfig): void {
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  app.flushLogs();
  // First, so that a request refused by any later middleware is logged too.
  app.use(requestLog(logger.root, isHealthProbe));
  app.disable('x-powered-by');
  // API answers are `no-store`: an ETag (a SHA-1 of every body) could only serve a revalidation no client makes.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  app.enableCors({ origin: config.corsOrigins.length ? config.corsOrigins : false });
  app.use('/api', noStore);
  app.use('/uploads', noStoreUntilFileSent);
  app.use(SCIM_BASE_PATH, scimResponseHeaders);
  app.use(methodNotAllowed(app.getHttpAdapter().getInstance()));
  // Registered directly: Nest's useBodyParser reserves body-parser's `verify` hook for itself.
  app.use(express.json({ limit: BODY_LIMIT, verify: refuseOversizedJson }));
  app.use(SCIM_BASE_PATH, express.json({ type: SCIM_MEDIA_TYPE, limit: BODY_LIMIT, verify: refuseOversizedJson }));
  app.use(FESTIVOS_CSV_PATH, festivosCsvParser);
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false, parameterLimit: MAX_OBJECT_MEMBERS });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter([scimErrorDialect]));
  if (config.apiDocs) mountOpenApi(app, config);
}

/** With the development identity provider, the explorer's "Authorize" also signs in on its page; with Entra ID it takes a pasted token. */
function mountOpenApi(app: NestExpressApplication, config: AppConfig): void {
  const signIn = config.devIdp ? explorerSignIn(config) : null;
  if (signIn) app.use(API_DOCS_PATH, explorerAsFolder);
  SwaggerModule.setup(API_DOCS_PATH, app, () => (signIn ? signIn.declareIn(buildOpenApiDocument(app)) : buildOpenApiDocument(app)), {
    jsonDocumentUrl: 'api/docs-json',
    swaggerOptions: { persistAuthorization: true, ...(signIn && { initOAuth: signIn.initOAuth }) },
  });
}
