import type { EntityManager } from 'typeorm';

/** Two offices in different communities, so regional holidays differ between demo employees. */
const DEMO_CENTROS = [
  { codigo: 'MAD', nombre: 'Oficina de Madrid', comunidad_autonoma: 'ES-MD', localidad: 'Madrid' },
  { codigo: 'BCN', nombre: 'Oficina de Barcelona', comunidad_autonoma: 'ES-CT', localidad: 'Barcelona' },
] as const;

/** Where each demo client's employee works, by centre code. */
export const DEMO_CENTRO_DE: Record<string, (typeof DEMO_CENTROS)[number]['codigo']> = {
  'demo-empleado': 'MAD',
  'demo-admin': 'BCN',
  'demo-superadmin': 'MAD',
  'demo-representante': 'BCN',
};

/** Creates the demo centres that are missing (a centre an admin renamed keeps its name). */
export async function seedDemoCentros(manager: EntityManager): Promise<void> {
  for (const centro of DEMO_CENTROS) {
    await manager.query(
      `INSERT INTO centro_trabajo (codigo, nombre, comunidad_autonoma, localidad, zona_horaria) VALUES ($1, $2, $3, $4, 'Europe/Madrid')
       ON CONFLICT ((lower(codigo))) DO NOTHING`,
      [centro.codigo, centro.nombre, centro.comunidad_autonoma, centro.localidad],
    );
  }
}

/** Puts a newly created demo employee in their centre, if it still exists. */
export async function assignDemoCentro(manager: EntityManager, idEmpleado: number, clientId: string): Promise<void> {
  const codigo = DEMO_CENTRO_DE[clientId];
  if (!codigo) return;
  await manager.query(
    `UPDATE empleado SET id_centro_trabajo = (SELECT id_centro_trabajo FROM centro_trabajo WHERE lower(codigo) = lower($2)) WHERE id_empleado = $1`,
    [idEmpleado, codigo],
  );
}
