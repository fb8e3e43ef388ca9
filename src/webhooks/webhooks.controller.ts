import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolId } from '../catalogs/rol.entity.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { CreateWebhookDto, WebhookCreadoDto, WebhookEliminadoDto, WebhooksDto } from './dto/webhook.dto.js';
import { WebhooksService } from './webhooks.service.js';

@ApiTags('webhooks')
@ApiProtected()
@Controller('api/webhooks')
@Roles(RolId.SuperAdministrador)
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiOperation({
    summary: 'Register a webhook (Super Admin)',
    description:
      'Events are POSTed as JSON signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). ' +
      'The answer carries `secreto`, the signing secret, this once only. See docs/webhooks.md.',
  })
  @ApiCreatedResponse({ type: WebhookCreadoDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion` naming the field: a URL that is not https or targets a non-public address, an unknown or repeated event, too many.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: '`limite_webhooks`: there are already 50.' })
  create(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateWebhookDto): Promise<WebhookCreadoDto> {
    return this.webhooks.create(caller, dto);
  }

  @Get()
  @ApiOperation({ summary: 'The registered webhooks, without their secrets (Super Admin)', description: 'At most 50, oldest first.' })
  @ApiOkResponse({ type: WebhooksDto })
  list(): Promise<WebhooksDto> {
    return this.webhooks.list();
  }

  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Delete a webhook (Super Admin)', description: 'Deliveries still pending are dropped without being sent.' })
  @ApiOkResponse({ type: WebhookEliminadoDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`id` is not a positive integer.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`webhook_no_encontrado`.' })
  delete(@Param('id', ParseIdPipe) id: number): Promise<WebhookEliminadoDto> {
    return this.webhooks.delete(id);
  }
}
