import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Opts a route out of authentication (health, docs, the development identity provider). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
