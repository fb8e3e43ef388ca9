import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { declareCommonResponses } from './common/openapi-common-responses.js';
import { declareRequestConstraints } from './common/openapi-request-constraints.js';
import { SCIM_BASE_PATH, SCIM_MEDIA_TYPE, SCIM_SECURITY } from './scim/scim-schemas.js';

/** Every tag an operation uses, in the order the explorer lists them, with what it groups. */
const TAGS: [name: string, description: string][] = [
  ['health', 'Liveness and readiness probes, without a token.'],
  ['empleados', "The caller's own record and vacation balance; employee administration for admins."],
  ['solicitudes', 'Vacation, permission, absence, remote-work and profile-update requests: creation, reading, cancellation and the decisions of approvers.'],
  ['delegaciones', 'Approvers handing their decisions to another employee for some days.'],
  ['calendario', "Who's out: the team calendar and its subscribable iCalendar feed."],
  ['comunicados', 'Company announcements: read by every employee, written by admins.'],
  ['notificaciones', "The caller's notifications and which of them also come by e-mail."],
  ['envios', 'E-mail deliveries of notifications: what waits, what failed, and sending a failed one again (Super Admin).'],
  ['webhooks', 'Signed webhooks (Standard Webhooks, or a Teams Workflows card) for events: requests, announcements, documents, employees, clock-ins (Super Admin).'],
  ['centros-trabajo', 'Work centres: where employees work, and so which regional holidays they have.'],
  ['jornadas', 'Working schedules: the hours each weekday (and in periods of the year) an employee works, and their dated assignments.'],
  ['dias-festivos', 'Company holidays, which requests do not count as working days.'],
  ['fichajes', 'The working-time register (Estatuto de los Trabajadores art. 34.9): clocking in and out and pauses, append-only and hash-chained per employee.'],
  ['documentos', 'Documents published for one employee, such as payslips.'],
  ['privacidad', 'Personal data (GDPR, LOPDGDD): erasure requests, the privacy registry, and the legal-reason view of blocked data.'],
  ['uploads', 'Uploading files for requests, announcements and documents, and serving them.'],
  ['scim', 'SCIM 2.0 provisioning of employees by Microsoft Entra ID (RFC 7643, RFC 7644), with SCIM_TOKEN as the bearer token.'],
];

/** The whole service's document: it names every feature, so it sits beside the application module, above them. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('ess-api')
    .setDescription('Employee self-service portal API. Every /api endpoint except health and the calendar feed (its key is the credential) needs a bearer token from Microsoft Entra ID; the SCIM provisioning routes (/scim/v2) need SCIM_TOKEN instead.')
    .setVersion('1')
    .addServer('/', 'This service: paths are relative to where the document is served')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'SCIM_TOKEN, the secret token pasted into Entra ID provisioning.' }, SCIM_SECURITY);
  for (const [name, description] of TAGS) config.addTag(name, description);
  const document = SwaggerModule.createDocument(app, config.build());
  declareCommonResponses(document, SCIM_BASE_PATH, SCIM_MEDIA_TYPE);
  declareRequestConstraints(document, SCIM_BASE_PATH);
  return document;
}
