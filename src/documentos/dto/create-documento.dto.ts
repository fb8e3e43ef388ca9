import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, IsUrl, Max, MaxLength, Min } from 'class-validator';
import { HTTP_URL, MAX_URL_LENGTH } from '../../solicitudes/dto/create-solicitud-con-fechas.dto.js';

export class CreateDocumentoDto {
  @ApiProperty({ example: 7 })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  id_empleado!: number;

  @ApiProperty({ example: 'Nómina de noviembre 2026', maxLength: 200 })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  titulo!: string;

  @ApiProperty({ example: 'http://localhost:3000/uploads/documentos/1764000000000-nomina.pdf', maxLength: MAX_URL_LENGTH })
  @IsUrl(HTTP_URL)
  @MaxLength(MAX_URL_LENGTH)
  url!: string;
}
