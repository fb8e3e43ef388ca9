import { existsSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { parseEnvironment } from '../../src/config/environment.js';
import { imageEnvironment, SECRET_NAME, serviceVariables } from '../support/deployment-environment.js';
import { type ComposeFile, filledEnv, loadCompose, readComposeText, readEnvExample } from '../support/compose-file.js';
import { referencedVariables, references } from '../support/interpolation.js';

const example = readEnvExample();
const secrets = Object.keys(example.comments).filter((name) => example.comments[name]!.startsWith('Secret'));

describe('docker-compose.yml and .env.example', () => {
  const env = filledEnv();
  const compose: ComposeFile = loadCompose(env);
  const { api, db, redis, azurite } = compose.services as Required<ComposeFile['services']>;

  it('is a valid Compose file once .env is filled in (the Compose Specification schema, as compose-go validates)', () => {
    const schema = JSON.parse(readFileSync('test/support/fixtures/compose-spec.schema.json', 'utf8'));
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it('runs two replicas of the API built from the Dockerfile, with PostgreSQL, Redis and Azurite beside it', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'azurite', 'db', 'redis']);
    expect(api!.deploy?.replicas).toBe(2);
    expect(api!.build).toBe('.');
    // One host port per replica: a fixed single port would make the second replica fail to start.
    expect(api!.ports).toEqual(['3000-3001:3000']);
  });

  it('gives every service a health check and a restart policy, and starts the API once the others are healthy', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, restart: service.restart, healthcheck: Boolean(service.healthcheck?.test.length) }).toEqual({ name, restart: 'unless-stopped', healthcheck: true });
    }
    expect(api!.depends_on).toEqual({ db: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' }, azurite: { condition: 'service_healthy' } });
    expect(api!.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${api!.environment!.PORT}/api/health/ready`);
  });

  it('holds no literal secret: every secret is a variable of .env without a default, and .env.example leaves them empty', () => {
    const raw = readComposeText();
    expect(raw.match(/:\/\/[^/\s:@]*:(?!\$\{)[^@\s]*@/g) ?? []).toEqual([]);
    expect(raw.match(/AccountKey=(?!\$\{)/g) ?? []).toEqual([]);
    const rawServices = (parse(raw) as ComposeFile).services;
    for (const [service, { environment = {} }] of Object.entries(rawServices)) {
      for (const [name, value] of Object.entries(environment)) {
        if (SECRET_NAME.test(name)) expect({ service, name, value }).toEqual({ service, name, value: expect.stringMatching(/^\$\{[A-Z_]+(:\?[^}]*|:-)?\}$/) });
      }
    }
    const secretReferences = references(raw).filter((reference) => SECRET_NAME.test(reference.name));
    expect(secretReferences.filter((reference) => reference.operator.endsWith('-') && reference.argument !== '')).toEqual([]);
    expect(secretReferences.map((reference) => reference.name).filter((name) => !secrets.includes(name))).toEqual([]);
    expect(secrets.filter((name) => example.values[name] !== '')).toEqual([]);
  });

  it('refuses to start without each required secret, naming it', () => {
    for (const name of secrets.filter((secret) => secret !== 'SCIM_TOKEN')) {
      expect(() => loadCompose({ ...env, [name]: '' })).toThrow(`required variable ${name} is missing a value`);
    }
  });

  it('documents in .env.example every variable it uses, each with a comment', () => {
    const undocumented = referencedVariables(readComposeText()).filter((name) => !(name in example.values) || !example.comments[name]);
    expect(undocumented).toEqual([]);
  });

  it("passes the API only variables the service reads, and the service's own validation accepts them in production", () => {
    const known = serviceVariables();
    expect(Object.keys(api!.environment!).filter((name) => !known.has(name))).toEqual([]);
    const environment = { ...imageEnvironment(), ...api!.environment };
    expect(environment.NODE_ENV).toBe('production');
    expect(() => parseEnvironment(environment)).not.toThrow();
  });

  it('wires the API to PostgreSQL, Redis and Azurite with the same credentials those services are given', () => {
    const apiEnv = api!.environment!;
    const database = new URL(apiEnv.DATABASE_URL!);
    expect({ host: database.host, user: database.username, password: database.password, name: database.pathname.slice(1) }).toEqual({
      host: 'db:5432',
      user: db!.environment!.POSTGRES_USER,
      password: db!.environment!.POSTGRES_PASSWORD,
      name: db!.environment!.POSTGRES_DB,
    });

    const redisUrl = new URL(apiEnv.REDIS_URL!);
    expect({ host: redisUrl.host, password: redisUrl.password }).toEqual({ host: 'redis:6379', password: redis!.environment!.REDIS_PASSWORD });
    expect(redis!.command!.join(' ')).toContain('--requirepass "$REDIS_PASSWORD"');

    expect(apiEnv.STORAGE).toBe('azure');
    const blob = Object.fromEntries(apiEnv.AZURE_STORAGE_CONNECTION_STRING!.split(';').filter(Boolean).map((part) => part.split(/=(.*)/s, 2) as [string, string]));
    const [accountName, accountKey] = azurite!.environment!.AZURITE_ACCOUNTS!.split(':');
    const blobPort = azurite!.command![azurite!.command!.indexOf('--blobPort') + 1];
    expect(blob).toEqual({
      DefaultEndpointsProtocol: 'http',
      AccountName: accountName,
      AccountKey: accountKey,
      BlobEndpoint: `http://azurite:${blobPort}/${accountName}`,
    });
    expect(accountKey).toBe(env.AZURITE_ACCOUNT_KEY);
  });

  it("builds an image whose command is the one `npm run start:prod` runs, on the API's port, without .env", () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)![1]!;
    expect((JSON.parse(cmd) as string[]).join(' ')).toBe(scripts['start:prod']!.replace(/^NODE_ENV=production /, ''));
    for (const [, script] of dockerfile.matchAll(/npm run ([\w:-]+)/g)) expect(Object.keys(scripts)).toContain(script);
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap(([, list]) => list!.split(' '));
    expect(sources).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'src']));
    expect(sources.filter((source) => !existsSync(source))).toEqual([]);
    expect(/^EXPOSE (\d+)$/m.exec(dockerfile)![1]).toBe(api!.environment!.PORT);
    expect(readFileSync('.dockerignore', 'utf8').split('\n')).toContain('.env');
  });
});
