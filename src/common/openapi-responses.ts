import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiForbiddenResponse, ApiInternalServerErrorResponse, ApiProperty, ApiPropertyOptional, ApiUnauthorizedResponse, getSchemaPath } from '@nestjs/swagger';

export class FieldErrorDto {
  @ApiProperty({ example: 'fecha_inicio' })
  campo!: string;

  @ApiProperty({ example: 'es obligatorio.' })
  mensaje!: string;
}

export class ErrorResponseDto {
  @ApiProperty({ example: false })
  success!: boolean;

  @ApiProperty({ example: 'Los datos enviados no son válidos.' })
  message!: string;

  @ApiProperty({ example: 'validacion' })
  code!: string;

  @ApiPropertyOptional({ type: [FieldErrorDto] })
  errores?: FieldErrorDto[];
}

export class AuthErrorDto {
  @ApiProperty({ example: 'Acceso denegado: el token de autenticación es inválido, ha expirado o no fue proporcionado.' })
  message!: string;

  @ApiPropertyOptional({ example: 'invalid_auth_token' })
  code?: string;
}

/** The responses every protected endpoint can give before its handler runs. */
export function ApiProtected() {
  return applyDecorators(
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ type: AuthErrorDto, description: 'Token missing, invalid or expired, or without `oid`.' }),
    ApiForbiddenResponse({ type: AuthErrorDto, description: 'No active employee has the `oid`, or the role is not allowed.' }),
    ApiInternalServerErrorResponse({ type: AuthErrorDto, description: 'Database error while loading the employee.' }),
  );
}

/**
 * A 403 of an operation that refuses with its own `code` as well as with the role refusal every
 * protected endpoint can give (the spec's `{message}` body).
 */
export function ApiForbiddenWithCode(description: string) {
  return applyDecorators(
    ApiExtraModels(ErrorResponseDto, AuthErrorDto),
    ApiForbiddenResponse({ description, schema: { anyOf: [{ $ref: getSchemaPath(ErrorResponseDto) }, { $ref: getSchemaPath(AuthErrorDto) }] } }),
  );
}
