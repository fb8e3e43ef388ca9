import { SetMetadata } from '@nestjs/common';
import { RolId } from '../catalogs/rol.entity.js';

export const ROLES = 'roles';

export const Roles = (...roles: RolId[]) => SetMetadata(ROLES, roles);

/** Admin-only endpoints accept Admin and Super Admin. */
export const AdminOnly = () => Roles(RolId.Administrador, RolId.SuperAdministrador);
