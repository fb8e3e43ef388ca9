import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { RegistroFichajeDto } from './dto/registro.response.js';

/** The 200 of a download of the register: CSV text, or the JSON array of records, as `formato` asks. */
export function ApiRegistroDescarga(description: string) {
  return applyDecorators(
    ApiExtraModels(RegistroFichajeDto),
    ApiOkResponse({
      description: `${description} Streamed (\`Content-Disposition: attachment\`), ordered by id_empleado and id_fichaje; an error once it has begun cuts the connection.`,
      content: {
        'text/csv': { schema: { type: 'string', description: 'A header row with the columns of RegistroFichajeDto, then a row per record' } },
        'application/json': { schema: { type: 'array', items: { $ref: getSchemaPath(RegistroFichajeDto) } } },
      },
    }),
  );
}
