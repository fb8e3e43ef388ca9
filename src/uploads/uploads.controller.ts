import { applyDecorators, Controller, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiInternalServerErrorResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { UploadErrorDto, UploadResultDto } from './dto/upload-result.dto.js';
import { UploadsService } from './uploads.service.js';

function ApiFileUpload(summary: string, description: string) {
  return applyDecorators(
    ApiOperation({ summary, description }),
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } }),
    ApiCreatedResponse({ type: UploadResultDto, description: 'File stored; `url` is its public address.' }),
    ApiBadRequestResponse({
      type: UploadErrorDto,
      description: 'No `file` part, more than one file, or a file whose content is not an accepted type or does not match its extension.',
    }),
    ApiPayloadTooLargeResponse({ type: UploadErrorDto, description: 'The file exceeds UPLOAD_MAX_BYTES (10 MiB by default).' }),
    ApiTooManyRequestsResponse({
      type: ErrorResponseDto,
      description:
        '`subidas_simultaneas`: the employee already has UPLOAD_MAX_CONCURRENT_PER_EMPLOYEE (3) uploads in progress; ' +
        '`cuota_subida_superada`: this file would take them past UPLOAD_QUOTA_BYTES_PER_DAY (200 MiB) over the last 24 hours. `Retry-After` says when to try again.',
    }),
    ApiInternalServerErrorResponse({
      type: UploadErrorDto,
      description: 'The file could not be stored. (A failure loading the employee answers `{message}`, as on every endpoint.)',
    }),
  );
}

@ApiTags('uploads')
@ApiProtected()
@Controller('api/uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('solicitud')
  @ApiFileUpload(
    'Upload a request attachment: JPEG, PNG, GIF, WebP, PDF, DOCX or XLSX',
    "Any employee. A multipart form with one `file` part, its content of an accepted type matching its extension. The answer's url goes in a request's url_documento, or (an image) in img_perfil.",
  )
  subirSolicitud(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentEmployee() uploader: AuthenticatedEmployee,
  ): Promise<UploadResultDto> {
    return this.uploads.store('solicitudes', request, response, uploader);
  }

  @Post('comunicado')
  @AdminOnly()
  @ApiFileUpload(
    'Upload an announcement file: JPEG, PNG, GIF, WebP, PDF, DOCX, XLSX or MP4 (admins only)',
    "Admins and Super Admins. A multipart form with one `file` part, its content of an accepted type matching its extension. The answer's url goes in an announcement's url_multimedia.",
  )
  subirComunicado(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentEmployee() uploader: AuthenticatedEmployee,
  ): Promise<UploadResultDto> {
    return this.uploads.store('comunicados', request, response, uploader);
  }

  @Post('documento')
  @AdminOnly()
  @ApiFileUpload(
    'Upload an employee document: JPEG, PNG, GIF, WebP, PDF, DOCX or XLSX (admins only)',
    "Admins and Super Admins. A multipart form with one `file` part, its content of an accepted type matching its extension. The answer's url goes in POST /api/documentos.",
  )
  subirDocumento(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentEmployee() uploader: AuthenticatedEmployee,
  ): Promise<UploadResultDto> {
    return this.uploads.store('documentos', request, response, uploader);
  }
}
