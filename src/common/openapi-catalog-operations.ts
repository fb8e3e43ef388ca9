import { applyDecorators, HttpCode, HttpStatus, type Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { ErrorResponseDto } from './openapi-responses.js';

/**
 * The OpenAPI stacks every catalogue an admin keeps (centres, schedules…) repeats: a paged list and one
 * item that any employee reads, and create, change and delete for admins (the controller adds `@AdminOnly()`).
 * Each names only what differs.
 */
const ID_PARAM = { name: 'id', schema: { type: 'integer' as const, minimum: 1, example: 1 } };
const BAD_ID = '`validacion`: the id is not a positive integer.';

interface Operation {
  summary: string;
  description: string;
}

export function ApiCatalogList(operation: Operation & { type: Type }) {
  return applyDecorators(
    ApiOperation({ summary: operation.summary, description: operation.description }),
    ApiOkResponse({ type: operation.type }),
    ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: pagina or limite out of range.' }),
  );
}

export function ApiCatalogItem(operation: { summary: string; type: Type; notFound: string }) {
  return applyDecorators(
    ApiOperation({ summary: operation.summary, description: 'Any employee.' }),
    ApiParam(ID_PARAM),
    ApiOkResponse({ type: operation.type }),
    ApiBadRequestResponse({ type: ErrorResponseDto, description: BAD_ID }),
    ApiNotFoundResponse({ type: ErrorResponseDto, description: operation.notFound }),
  );
}

export function ApiCatalogCreate(operation: Operation & { type: Type; invalidBody: string; conflict: string }) {
  return applyDecorators(
    ApiOperation({ summary: operation.summary, description: operation.description }),
    ApiCreatedResponse({ type: operation.type }),
    ApiBadRequestResponse({ type: ErrorResponseDto, description: operation.invalidBody }),
    ApiConflictResponse({ type: ErrorResponseDto, description: operation.conflict }),
  );
}

export function ApiCatalogUpdate(operation: Operation & { type: Type; invalidBody: string; notFound: string; conflict: string }) {
  return applyDecorators(
    ApiOperation({ summary: operation.summary, description: operation.description }),
    ApiParam(ID_PARAM),
    ApiOkResponse({ type: operation.type }),
    ApiBadRequestResponse({ type: ErrorResponseDto, description: `${operation.invalidBody} \`sin_cambios\`: no field given.` }),
    ApiNotFoundResponse({ type: ErrorResponseDto, description: operation.notFound }),
    ApiConflictResponse({ type: ErrorResponseDto, description: operation.conflict }),
  );
}

/** 204 with no body; `inUse` is the 409 of an item something still uses. */
export function ApiCatalogDelete(operation: Operation & { notFound: string; inUse: string }) {
  return applyDecorators(
    HttpCode(HttpStatus.NO_CONTENT),
    ApiOperation({ summary: operation.summary, description: operation.description }),
    ApiParam(ID_PARAM),
    ApiNoContentResponse({ description: 'Removed.' }),
    ApiBadRequestResponse({ type: ErrorResponseDto, description: BAD_ID }),
    ApiNotFoundResponse({ type: ErrorResponseDto, description: operation.notFound }),
    ApiConflictResponse({ type: ErrorResponseDto, description: operation.inUse }),
  );
}
