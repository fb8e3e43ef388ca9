import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { CreateDocumentoDto } from './dto/create-documento.dto.js';
import { DocumentoCreadoDto, DocumentoEliminadoDto, DocumentosPageDto } from './dto/documento.response.js';
import { ListDocumentosQuery } from './dto/list-documentos.query.js';
import { DocumentosService } from './documentos.service.js';

@ApiTags('documentos')
@ApiProtected()
@ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid body or parameters.' })
@Controller('api/documentos')
export class DocumentosController {
  constructor(private readonly documentos: DocumentosService) {}

  @Get()
  @ApiOperation({
    summary: "The caller's documents, newest first (admins may pass id_empleado)",
    description: "Paged by pagina and limite. An employee sees their own documents; an admin may pass id_empleado to see another employee's.",
  })
  @ApiOkResponse({ type: DocumentosPageDto })
  list(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: ListDocumentosQuery) {
    return this.documentos.list(caller, query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Publish a document for an employee and notify them (DOCUMENTO)',
    description: 'Admins and Super Admins. url is a file uploaded with POST /api/uploads/documento; the employee gets a DOCUMENTO notification.',
  })
  @ApiCreatedResponse({ type: DocumentoCreadoDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'empleado_no_encontrado' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'archivo_de_otro_destinatario: `url` names a file published for another employee, or uploaded by another admin and not yet published' })
  create(@CurrentEmployee() admin: AuthenticatedEmployee, @Body() dto: CreateDocumentoDto) {
    return this.documentos.create(admin, dto);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete a document (admin)',
    description: 'Admins and Super Admins. The employee no longer sees it.',
  })
  @ApiOkResponse({ type: DocumentoEliminadoDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'documento_no_encontrado' })
  delete(@Param('id', ParseIdPipe) id: number) {
    return this.documentos.delete(id);
  }
}
