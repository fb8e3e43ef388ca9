import { ApiProperty } from '@nestjs/swagger';

export class UploadResultDto {
  @ApiProperty({ example: true })
  success!: true;

  @ApiProperty({ example: 'Archivo subido correctamente.' })
  message!: string;

  @ApiProperty({ example: 'http://localhost:3000/uploads/solicitudes/1764000000000-justificante.pdf' })
  url!: string;
}

export class UploadErrorDto {
  @ApiProperty({ example: false })
  success!: false;

  @ApiProperty({ example: 'No se adjuntó ningún archivo o el archivo no es válido.' })
  message!: string;
}
