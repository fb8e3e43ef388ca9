import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Trimmed } from './dto-field-rules.js';

const MAX_SEARCH_TERM = 100;
// eslint-disable-next-line no-control-regex -- NUL is exactly what it refuses
const WITHOUT_NUL = /^[^\u0000]*$/;

/** `minLength` to 100 characters once trimmed, without NUL (PostgreSQL text cannot hold it): as openapi.json states it. */
const searchTermPattern = (minLength: number) => `^\\s*[^\\s\\x00][^\\x00]{${minLength - 2},${MAX_SEARCH_TERM - 2}}[^\\s\\x00]\\s*$`;

/** The `busqueda` query parameter: trimmed, then `minLength` to 100 characters. */
export const SearchTermField = (minLength: number, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ minLength, maxLength: MAX_SEARCH_TERM, pattern: searchTermPattern(minLength), description }),
    IsOptional(),
    Trimmed(),
    IsString(),
    MinLength(minLength),
    MaxLength(MAX_SEARCH_TERM),
    Matches(WITHOUT_NUL),
  );
