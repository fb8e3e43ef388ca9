import { Empleado } from '../empleados/entities/empleado.entity.js';
import { Rol } from '../empleados/entities/rol.entity.js';
import { Vacaciones } from '../empleados/entities/vacaciones.entity.js';
import { EstadoSolicitud } from '../solicitudes/entities/estado-solicitud.entity.js';
import { TipoSolicitud } from '../solicitudes/entities/tipo-solicitud.entity.js';

export const entities = [Rol, Empleado, Vacaciones, TipoSolicitud, EstadoSolicitud];
