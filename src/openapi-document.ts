import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { declareCommonResponses } from './common/openapi-common-responses.js';
import { declareRequestConstraints } from './common/openapi-request-constraints.js';
import { SCIM_BASE_PATH, SCIM_MEDIA_TYPE, SCIM_SECURITY } from './scim/scim-schemas.js';

/** The whole service's document: it names every feature, so it sits beside the application module, above them. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('ess-api')
    .setDescription('Employee self-service portal API. Every /api endpoint except health needs a bearer token from Microsoft Entra ID; the SCIM provisioning routes (/scim/v2) need SCIM_TOKEN instead.')
    .setVersion('1')
    .addServer('/', 'This service: paths are relative to where the document is served')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'SCIM_TOKEN, the secret token pasted into Entra ID provisioning.' }, SCIM_SECURITY)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  declareCommonResponses(document, SCIM_BASE_PATH, SCIM_MEDIA_TYPE);
  declareRequestConstraints(document, SCIM_BASE_PATH);
  return document;
}
