import { applyDecorators, Controller, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiInternalServerErrorResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiProtected } from '../common/openapi-responses.js';
import { UploadErrorDto, UploadResultDto } from './dto/upload-result.dto.js';
import { UploadErrorsInterceptor } from './upload-errors.interceptor.js';
import { type ReceivedFile, UploadsService } from './uploads.service.js';

function ApiFileUpload(summary: string) {
  return applyDecorators(
    ApiOperation({ summary }),
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } }),
    ApiCreatedResponse({ type: UploadResultDto, description: 'File stored; `url` is its public address.' }),
    ApiBadRequestResponse({
      type: UploadErrorDto,
      description: 'No `file` part, more than one file, or a file whose content is not an accepted type or does not match its extension.',
    }),
    ApiPayloadTooLargeResponse({ type: UploadErrorDto, description: 'The file exceeds UPLOAD_MAX_BYTES (10 MiB by default).' }),
    ApiInternalServerErrorResponse({
      type: UploadErrorDto,
      description: 'The file could not be stored. (A failure loading the employee answers `{message}`, as on every endpoint.)',
    }),
  );
}

@ApiTags('uploads')
@ApiProtected()
@UseInterceptors(UploadErrorsInterceptor, FileInterceptor('file'))
@Controller('api/uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('solicitud')
  @ApiFileUpload('Sube un adjunto de solicitud: JPEG, PNG, GIF, WebP, PDF, DOCX o XLSX')
  subirSolicitud(@UploadedFile() file: ReceivedFile | undefined): Promise<UploadResultDto> {
    return this.uploads.store('solicitudes', file);
  }

  @Post('comunicado')
  @AdminOnly()
  @ApiFileUpload('Sube un archivo de comunicado: JPEG, PNG, GIF, WebP, PDF, DOCX, XLSX o MP4 (solo administradores)')
  subirComunicado(@UploadedFile() file: ReceivedFile | undefined): Promise<UploadResultDto> {
    return this.uploads.store('comunicados', file);
  }

  @Post('documento')
  @AdminOnly()
  @ApiFileUpload('Sube un documento de empleado: JPEG, PNG, GIF, WebP, PDF, DOCX o XLSX (solo administradores)')
  subirDocumento(@UploadedFile() file: ReceivedFile | undefined): Promise<UploadResultDto> {
    return this.uploads.store('documentos', file);
  }
}
