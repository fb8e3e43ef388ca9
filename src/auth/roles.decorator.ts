import { SetMetadata } from '@nestjs/common';
import { RolId } from '../catalogs/rol.entity.js';

export const ROLES = 'roles';

export const Roles = (...roles: RolId[]) => SetMetadata(ROLES, roles);

const ADMIN_ROLES: readonly RolId[] = [RolId.Administrador, RolId.SuperAdministrador];

export const isAdmin = (idRol: number): boolean => ADMIN_ROLES.includes(idRol);

/** Admin-only endpoints accept Admin and Super Admin. */
export const AdminOnly = () => Roles(...ADMIN_ROLES);
