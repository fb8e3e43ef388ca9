import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { OptionalAuthentication } from '../../auth/optional-authentication.decorator.js';
import { ErrorResponseDto } from '../../common/openapi-responses.js';
import { SkipRateLimit } from '../../common/rate-limit/skip-rate-limit.decorator.js';
import { FileAccess } from '../access/file-access.js';
import { UPLOAD_FOLDERS } from '../storage/file-storage.js';
import { storedFileKeyOf } from './stored-file-path.js';
import { StoredFileSender } from './stored-file-sender.js';

const FILE_CONTENT = { '*/*': { schema: { type: 'string', format: 'binary' } } };

/** The files the upload endpoints stored, at the URLs they returned, from whichever storage holds them. */
@ApiTags('uploads')
@OptionalAuthentication()
@SkipRateLimit()
@Controller('uploads')
export class UploadedFilesController {
  constructor(
    private readonly sender: StoredFileSender,
    private readonly access: FileAccess,
  ) {}

  // Express answers HEAD with the GET route; the sender then reads no bytes.
  @Get(':folder/:name')
  // Either no token (public folders, signed links) or a bearer token: `{}` makes the token optional.
  @ApiOperation({
    summary: 'Serve an uploaded file (a byte range too, for video)',
    description: 'Opens the URL an upload or any answer gave. A file in a private folder needs the signature (firma, expira) that answers add to its URL; a public folder needs nothing. One byte Range may be asked for.',
    security: [{}, { bearer: [] }],
  })
  @ApiParam({ name: 'folder', enum: UPLOAD_FOLDERS })
  @ApiParam({ name: 'name', description: '`<ms>-<nombre>.<extensión aceptada>`, as returned in the upload `url`', example: '1764000000000-foto.png' })
  @ApiQuery({ name: 'firma', required: false, description: 'Signature of a private file\'s link, as the API returns it (with `expira`)' })
  @ApiQuery({ name: 'expira', required: false, description: 'Unix time (seconds) the signed link stops working: 15 minutes after it was issued' })
  @ApiOkResponse({
    description:
      'The whole file, under `nosniff` and a `sandbox` CSP; DOCX and XLSX as attachments. `Cache-Control: public, max-age=31536000, immutable` ' +
      'in public folders, `private, no-store` in private ones.',
    content: FILE_CONTENT,
  })
  @ApiResponse({ status: 206, description: 'The one byte range asked for with `Range`.', content: FILE_CONTENT })
  @ApiNotFoundResponse({
    type: ErrorResponseDto,
    description:
      'No such stored file (or a name the service never stores); or a file in a private folder (not in UPLOADS_PUBLIC_FOLDERS: `solicitudes` and ' +
      '`documentos` by default) asked for without a valid, unexpired signed link and without the bearer token of an employee who may see it. ' +
      'Both answers are the same. Every answer but a file (404, 416, 400, 405, 5xx) carries `Cache-Control: private, no-store`.',
  })
  @ApiResponse({ status: 416, type: ErrorResponseDto, description: 'The range starts past the end of the file.' })
  async serve(@Req() request: Request, @Res() response: Response): Promise<void> {
    const key = storedFileKeyOf(request.path);
    if (!key) throw new NotFoundException();
    const { allowed, cacheControl } = await this.access.decide(key, { employee: request.employee, query: request.query });
    // The 404 keeps the route's `private, no-store` (noStoreUntilFileSent): nothing tells a hidden name from a missing one.
    if (!allowed) throw new NotFoundException();
    await this.sender.send(key, request, response, cacheControl);
  }
}
