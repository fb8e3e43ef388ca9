import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { IsString, MaxLength } from 'class-validator';
import { AdminOnly, Roles } from '../../src/auth/roles.decorator.js';
import { RolId } from '../../src/catalogs/rol.entity.js';

class EchoDto {
  @IsString()
  @MaxLength(20)
  nombre!: string;
}

/** Test-only routes that exercise the real global guards, pipe and filter. */
@Controller('api/__probe')
class ProbeController {
  @Get('admin')
  @AdminOnly()
  admin() {
    return { ok: true };
  }

  @Get('super-admin')
  @Roles(RolId.SuperAdministrador)
  superAdmin() {
    return { ok: true };
  }

  @Post('echo')
  echo(@Body() body: EchoDto) {
    return body;
  }

  @Get('crash')
  crash(): never {
    throw new Error('boom: SELECT secret FROM internals');
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
