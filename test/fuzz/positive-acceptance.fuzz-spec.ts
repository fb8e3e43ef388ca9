import fc from 'fast-check';
import type { Response } from 'supertest';
import { schemaValidatorAt } from '../support/openapi-contract.js';
import { fuzzSuite } from './support/fuzz-suite.js';
import { fuzzParameters, FUZZ_RUNS, FUZZ_SEED } from './support/fuzz-settings.js';
import { resourceOfPath, type FuzzWorld } from './support/fuzz-world.js';
import { percentEncode } from './support/hostile-values.js';
import { describeOperation, loadOpenApi, operationsOf, type Operation, type Parameter } from './support/openapi-operations.js';
import { callerArbitrary, FuzzRequest } from './support/request-arbitraries.js';
import { acceptedValue, type ValueHints } from './support/schema-values.js';

/**
 * Refusals a schema cannot express, each with why: the request is well-formed, the data or today say no.
 * Any other 400 to a request the schema accepts means openapi.json promises what the service refuses.
 */
const BUSINESS_REFUSALS: Record<string, string> = {
  url_no_permitida: 'the schema states a stored file’s URL in the field’s folder (or any https URL for media); that its base URL is the service’s own is configuration (PUBLIC_BASE_URL), and that the file exists, is the caller’s own upload or an image is data',
  rango_fechas_invalido: 'fecha_inicio after fecha_fin (desde after hasta) relates two fields',
  rango_demasiado_largo: 'at most 366 days from fecha_inicio to fecha_fin (93 from desde to hasta in the calendar, 1461 for an Inspectorate’s access) relates two fields',
  fecha_pasada: 'a date in the past depends on today',
  caducidad_invalida: "an Inspectorate's access expiring after now and within 30 days depends on now",
  delegacion_terminada: 'a delegation ending before today depends on today',
  sin_dias_habiles: 'whether a range holds a working day depends on weekends and the holiday calendar',
  saldo_insuficiente: 'the vacation balance is data',
  responsable_no_encontrado: 'whether the manager named exists is data',
  centro_no_encontrado: 'whether the work centre named exists is data',
  jornada_no_encontrada: 'whether the schedule named exists is data',
  alta_posterior_a_baja: 'fecha_alta after fecha_baja relates two fields, and a stored one',
  zona_horaria_invalida: "whether a name is an IANA time zone is the runtime's time zone database, which changes with its releases; the schema states the shape",
  sin_cambios_perfil: 'values equal to the stored ones change nothing',
  medios_dias_contradictorios: 'an afternoon start with a morning end contradicts only on a one-day request: relates three fields',
  horas_incompletas: 'hora_inicio without hora_fin (or the reverse) relates two fields',
  horas_con_medio_dia: 'hours exclude halves: relates four fields',
  horas_varios_dias: 'hours need fecha_inicio equal to fecha_fin: relates two fields',
  rango_horas_invalido: 'hora_fin after hora_inicio relates two fields',
  destino_festivo_invalido: "a holiday's comunidad_autonoma or id_centro_trabajo required or refused by its ambito relates two fields",
  filtros_incompatibles: 'one of id_centro_trabajo, comunidad_autonoma and todos at a time relates three parameters',
  sin_dias_en_el_anio: "whether the employee is employed on some day of anio is data (their fecha_alta and fecha_baja)",
  mes_futuro: 'a month after the current one depends on today',
  correccion_invalida:
    "a corrected day's records form a closed sequence of increasing instants (relates the list's items), within the day and the next in the centre's time zone, not after now, on a day since fecha_alta and within four years: data and today",
  prorrateo_supera_maximo: "a prorated allocation above 365 days depends on the employee's schedule: data",
};

/** A pattern cannot tell 2026-02-30 from a real day: such a date is refused as `fecha_invalida`, as documented. */
function namesImpossibleDay(text: string): boolean {
  return [...text.matchAll(/(\d{4})-(\d{2})-(\d{2})/g)].some(([date]) => {
    const parsed = new Date(`${date}T00:00:00Z`);
    return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date;
  });
}

function refusalProblem(request: FuzzRequest, response: Response): string | undefined {
  if (![400, 413, 414, 415, 422, 431].includes(response.status)) return undefined;
  const code = (response.body as { code?: string }).code ?? '';
  if (response.status === 400 && BUSINESS_REFUSALS[code]) return undefined;
  if (response.status === 400 && code === 'fecha_invalida' && namesImpossibleDay(`${request.url} ${request.body?.text ?? ''}`)) return undefined;
  return `a request openapi.json accepts was refused: ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`;
}

const document = loadOpenApi();

/** Where an operation's parameter sits in openapi.json, for its validator. */
function parameterValidator(operation: Operation, parameter: Parameter) {
  const declared = (document.paths[operation.path]![operation.method] as { parameters: Parameter[] }).parameters;
  const index = declared.findIndex((candidate) => candidate.name === parameter.name && candidate.in === parameter.in);
  return schemaValidatorAt('paths', operation.path, operation.method, 'parameters', String(index), 'schema');
}

function hintsFor(operation: Operation, world: FuzzWorld): ValueHints {
  const resource = resourceOfPath(operation.path);
  return {
    ...(resource && { id: world.ids[resource] }),
    id_empleado: world.ids.empleado,
    id_delegado: world.ids.empleado,
    id_responsable: world.ids.empleado,
    id_centro_trabajo: world.ids.centroTrabajo,
    id_jornada: world.ids.jornada,
    ids: world.ids.notificacion,
  };
}

/** One call built only from what the operation's schemas accept, plus ids that exist. */
function acceptedRequest(operation: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const hints = hintsFor(operation, world);
  const valueOf = (parameter: Parameter) => acceptedValue({ type: 'string', ...parameter.schema }, parameterValidator(operation, parameter), hints, parameter.name);
  const path = fc.tuple(...operation.pathParams.map((parameter) => valueOf(parameter).map((value) => [parameter.name, value] as const)));
  const query = fc.tuple(
    ...operation.queryParams.map((parameter) => {
      const pair = valueOf(parameter).map((value) => `${percentEncode(parameter.name)}=${percentEncode(String(value))}`);
      return parameter.required ? pair : fc.option(pair, { nil: undefined });
    }),
  );
  const body = operation.jsonBody
    ? acceptedValue(operation.jsonBody, schemaValidatorAt('paths', operation.path, operation.method, 'requestBody', 'content', 'application/json', 'schema'), hints).map((value) => ({
        contentType: 'application/json',
        text: JSON.stringify(value),
      }))
    : fc.constant(undefined);
  return fc.tuple(callerArbitrary(), path, query, body).map(([caller, pathValues, pairs, sent]) => {
    const values = new Map<string, unknown>(pathValues);
    const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => percentEncode(String(values.get(name))));
    const search = pairs.filter((pair) => pair !== undefined).join('&');
    return new FuzzRequest(caller, operation.method, search ? `${url}?${search}` : url, sent);
  });
}

/** Schemathesis' positive-data acceptance, in the suite: what the contract accepts, the service accepts. */
describe(`requests openapi.json accepts are accepted (FUZZ_SEED=${FUZZ_SEED}, FUZZ_RUNS=${FUZZ_RUNS})`, () => {
  const suite = fuzzSuite();

  const described = operationsOf().filter((operation) => !operation.multipart && (operation.jsonBody || operation.pathParams.length || operation.queryParams.length));

  it.each(described.map((operation) => [describeOperation(operation), operation] as const))('%s: never refuses a request its schemas accept', async (_name, operation) => {
    await fc.assert(
      fc.asyncProperty(acceptedRequest(operation, suite.world), async (request) => {
        const response = await suite.harness.exercise(operation, request);
        const problem = refusalProblem(request, response);
        if (problem) throw new Error(`${describeOperation(operation)}: ${problem}\nrequest: ${request.toString()}`);
      }),
      fuzzParameters(0.5),
    );
  });
});
