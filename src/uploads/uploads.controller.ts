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
    ApiCreatedResponse({ type: UploadResultDto, description: 'Archivo guardado; `url` es su dirección pública.' }),
    ApiBadRequestResponse({
      type: UploadErrorDto,
      description: 'Sin parte `file`, con más de un archivo, o un archivo cuyo contenido no es de un tipo aceptado o no coincide con su extensión.',
    }),
    ApiPayloadTooLargeResponse({ type: UploadErrorDto, description: 'El archivo supera UPLOAD_MAX_BYTES (10 MiB por defecto).' }),
    ApiInternalServerErrorResponse({
      type: UploadErrorDto,
      description: 'No se pudo guardar el archivo. (Un fallo al cargar el empleado responde `{message}` como en el resto de endpoints.)',
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
