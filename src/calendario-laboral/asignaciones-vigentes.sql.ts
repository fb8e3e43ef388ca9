/**
 * The one definition of which schedule assignments count: the assignments `a` (of `empleado_jornada`) of
 * `empleado` (an SQL expression: a column, `$1`, or `ANY ($1::int[])`) that matter from `inicio` to `fin` (SQL
 * date expressions): the one in force on `inicio` and those starting later, up to `fin`. With `inicio` = `fin`
 * it is the assignment in force that day, if any has begun.
 */
export const asignacionesVigentesSql = (empleado: string, inicio: string, fin: string) => `
  a.id_empleado = ${empleado} AND a.desde <= ${fin}
  AND NOT EXISTS (SELECT 1 FROM empleado_jornada b WHERE b.id_empleado = a.id_empleado AND b.desde > a.desde AND b.desde <= ${inicio})`;
