import { ApiBody, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Optional body of approve, reject and cancel. */
export class RevisionDto {
  @ApiPropertyOptional({ example: 'Aprobado según calendario del equipo.', maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  comentario?: string;
}

/** The body may be left out altogether: approve, reject and cancel need no comment. */
export const ApiOptionalRevision = () => ApiBody({ type: RevisionDto, required: false });
