import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { buildOpenApiDocument } from './openapi-document.js';
import { buildAppConfig } from './config/app-config.js';
import { parseEnvironment } from './config/environment.js';

/**
 * Writes the OpenAPI document to the given file, or with --check fails when the file differs.
 * Preview mode builds the module graph without instantiating providers: no database needed.
 */
async function main(): Promise<void> {
  const [target = 'openapi.json', flag] = process.argv.slice(2);
  const env = parseEnvironment({ AUTH_ISSUER_BASE_URL: 'https://issuer.invalid/v2.0', AUTH_AUDIENCE: 'api://ess-api' });
  const config = buildAppConfig(env, 'postgresql://unused@127.0.0.1:1/unused');
  const app = await NestFactory.create(AppModule.register(config), { preview: true, logger: false });
  const generated = `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`;
  await app.close();
  if (flag === '--check') {
    const committed = readFileSync(target, 'utf8');
    if (committed !== generated) {
      process.stderr.write(`${target} is out of date: run \`npm run build && npm run openapi\` and commit it.\n`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(target, generated);
}

void main();
