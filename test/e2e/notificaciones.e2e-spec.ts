import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { TipoNotificacionId } from '../../src/catalogs/tipo-notificacion.entity.js';
import { EstadoSolicitudId } from '../../src/catalogs/estado-solicitud.entity.js';
import { TipoSolicitudId } from '../../src/catalogs/tipo-solicitud.entity.js';
import { NotificacionFactory, type NotificacionCreada } from '../support/notificacion.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const INVALID_TOKEN = {
  message: 'Acceso denegado: el token de autenticación es inválido, ha expirado o no fue proporcionado.',
  code: 'invalid_auth_token',
};
const invalid = (...errores: { campo: string; mensaje: string }[]) => ({
  success: false,
  message: 'Los datos enviados no son válidos.',
  code: 'validacion',
  errores,
});
const marcadas = (n: number) => ({
  success: true,
  message: n === 1 ? '1 notificación marcada como leída.' : `${n} notificaciones marcadas como leídas.`,
});
const ids = (notificaciones: NotificacionCreada[]) => notificaciones.map((notificacion) => notificacion.id_notificacion);

describe('notificaciones', () => {
  let t: TestApp;
  let build: NotificacionFactory;

  beforeAll(async () => {
    t = await startTestApp();
    build = new NotificacionFactory(t.db);
  });
  afterAll(() => t.close());

  const usuario = async (): Promise<{ empleado: Empleado; token: string }> => {
    const empleado = await t.factories.empleado();
    return { empleado, token: await t.idp.token(empleado.idp_oid) };
  };
  const listar = (token: string, query = '') => t.http.get(`/api/notificaciones${query}`).set('Authorization', `Bearer ${token}`);
  const leer = (token: string, body: unknown) => t.http.put('/api/notificaciones/leer').set('Authorization', `Bearer ${token}`).send(body as object);
  const leidoEnBd = async (notificaciones: number[]): Promise<Record<number, boolean>> => {
    const filas: { id_notificacion: number; leido: boolean }[] = await t.db.query(
      `SELECT id_notificacion, leido FROM notificacion WHERE id_notificacion = ANY($1)`,
      [notificaciones],
    );
    return Object.fromEntries(filas.map((fila) => [fila.id_notificacion, fila.leido]));
  };

  describe('GET /api/notificaciones', () => {
    it('returns each notification with its type, sender and request, or null for the missing ones', async () => {
      const { empleado, token } = await usuario();
      const remitente = await t.factories.admin({ nombre: 'Martín López' });
      const solicitud = await build.solicitud(empleado.id_empleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Aprobada);
      const sola = await build.notificacion(empleado.id_empleado, {
        tipo: TipoNotificacionId.Documento,
        titulo: 'Nuevo documento',
        mensaje: 'Hay un documento nuevo.',
        leido: true,
        fechaCreacion: '2026-03-01T08:00:00.000Z',
      });
      const completa = await build.notificacion(empleado.id_empleado, {
        tipo: TipoNotificacionId.Aprobacion,
        titulo: 'Solicitud aprobada',
        mensaje: 'Tu solicitud de vacaciones fue aprobada.',
        idRemitente: remitente.id_empleado,
        idSolicitud: solicitud.id_solicitud,
        // Another zone and microseconds: the response is in UTC with milliseconds.
        fechaCreacion: '2026-03-02T10:05:09.123456-04:00',
      });

      const response = await listar(token);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        no_leidas: 1,
        data: [
          {
            id_notificacion: completa.id_notificacion,
            id_usuario: empleado.id_empleado,
            titulo: 'Solicitud aprobada',
            mensaje: 'Tu solicitud de vacaciones fue aprobada.',
            leido: false,
            fecha_creacion: '2026-03-02T14:05:09.123Z',
            tipo: { codigo: 'APROBACION', nombre: 'Solicitud aprobada' },
            remitente: { id_empleado: remitente.id_empleado, nombre: 'Martín López' },
            solicitud: {
              id_solicitud: solicitud.id_solicitud,
              id_tipo_solicitud: TipoSolicitudId.Vacaciones,
              id_estado_solicitud: EstadoSolicitudId.Aprobada,
            },
            resumen: null,
          },
          {
            id_notificacion: sola.id_notificacion,
            id_usuario: empleado.id_empleado,
            titulo: 'Nuevo documento',
            mensaje: 'Hay un documento nuevo.',
            leido: true,
            fecha_creacion: '2026-03-01T08:00:00.000Z',
            tipo: { codigo: 'DOCUMENTO', nombre: 'Nuevo documento' },
            remitente: null,
            solicitud: null,
            resumen: null,
          },
        ],
      });
    });

    it('returns an empty list and zero unread for a user without notifications', async () => {
      const { token } = await usuario();
      const response = await listar(token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, data: [], no_leidas: 0 });
    });

    it('returns only the caller’s own notifications and counts only their unread ones', async () => {
      const { empleado, token } = await usuario();
      const otro = await usuario();
      const propia = await build.notificacion(empleado.id_empleado);
      await build.muchas(otro.empleado.id_empleado, 3);

      const response = await listar(token);

      expect(response.status).toBe(200);
      expect(ids(response.body.data)).toEqual([propia.id_notificacion]);
      expect(response.body.no_leidas).toBe(1);
    });

    it('returns at most 10, newest first, breaking creation-time ties by the higher id', async () => {
      const { empleado, token } = await usuario();
      const fechas = [5, 1, 11, 3, 9, 7, 2, 10, 4, 8, 6, 6].map((dia) => `2026-04-${String(dia).padStart(2, '0')}T12:00:00.000Z`);
      const creadas: NotificacionCreada[] = [];
      for (const fechaCreacion of fechas) creadas.push(await build.notificacion(empleado.id_empleado, { fechaCreacion }));
      const newestFirst = [...creadas].sort(
        (a, b) => b.fecha_creacion.localeCompare(a.fecha_creacion) || b.id_notificacion - a.id_notificacion,
      );

      const response = await listar(token);

      expect(response.status).toBe(200);
      expect(ids(response.body.data)).toEqual(ids(newestFirst.slice(0, 10)));
      expect(response.body.data.map((notificacion: NotificacionCreada) => notificacion.fecha_creacion.slice(8, 10))).toEqual(
        ['11', '10', '09', '08', '07', '06', '06', '05', '04', '03'],
      );
      // The tie on day 6: the later insert (higher id) comes first.
      expect(response.body.data[5].id_notificacion).toBe(creadas[11]!.id_notificacion);
    });

    it('returns only unread notifications with solo_no_leidas=true, and all with false', async () => {
      const { empleado, token } = await usuario();
      const [leida1, noLeida1, leida2, noLeida2] = [
        await build.notificacion(empleado.id_empleado, { leido: true }),
        await build.notificacion(empleado.id_empleado),
        await build.notificacion(empleado.id_empleado, { leido: true }),
        await build.notificacion(empleado.id_empleado),
      ];

      const soloNoLeidas = await listar(token, '?solo_no_leidas=true');
      const todas = await listar(token, '?solo_no_leidas=false');

      expect(soloNoLeidas.status).toBe(200);
      expect(ids(soloNoLeidas.body.data)).toEqual([noLeida2!.id_notificacion, noLeida1!.id_notificacion]);
      expect(soloNoLeidas.body.no_leidas).toBe(2);
      expect(todas.status).toBe(200);
      expect(ids(todas.body.data)).toEqual(ids([noLeida2!, leida2!, noLeida1!, leida1!]));
      expect(todas.body.no_leidas).toBe(2);
    });

    it('counts every unread notification, not only the 10 returned', async () => {
      const { empleado, token } = await usuario();
      const noLeidas = await build.muchas(empleado.id_empleado, 13);
      await build.muchas(empleado.id_empleado, 2, { leido: true });

      const todas = await listar(token);
      const soloNoLeidas = await listar(token, '?solo_no_leidas=true');

      expect(todas.body.data).toHaveLength(10);
      expect(todas.body.no_leidas).toBe(13);
      expect(ids(soloNoLeidas.body.data)).toEqual(ids(noLeidas).reverse().slice(0, 10));
      expect(soloNoLeidas.body.no_leidas).toBe(13);
    });

    it.each([
      ['yes', '?solo_no_leidas=yes'],
      ['1', '?solo_no_leidas=1'],
      ['TRUE', '?solo_no_leidas=TRUE'],
      ['empty', '?solo_no_leidas='],
      ['repeated', '?solo_no_leidas=true&solo_no_leidas=true'],
    ])('rejects solo_no_leidas=%s with 400 validacion', async (_name, query) => {
      const { token } = await usuario();
      const response = await listar(token, query);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalid({ campo: 'solo_no_leidas', mensaje: 'debe ser verdadero o falso.' }));
    });

    it('rejects an unknown query parameter with 400 validacion', async () => {
      const { token } = await usuario();
      const response = await listar(token, '?pagina=2');
      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalid({ campo: 'pagina', mensaje: 'no es un campo permitido.' }));
    });

    it('refuses a request without a token', async () => {
      const response = await t.http.get('/api/notificaciones');
      expect(response.status).toBe(401);
      expect(response.body).toEqual(INVALID_TOKEN);
    });
  });

  describe('PUT /api/notificaciones/leer', () => {
    it('marks only the caller’s unread notifications and counts them, leaving foreign and read ones alone', async () => {
      const { empleado, token } = await usuario();
      const otro = await usuario();
      const propiasNoLeidas = await build.muchas(empleado.id_empleado, 3);
      const propiaLeida = await build.notificacion(empleado.id_empleado, { leido: true });
      const propiaNoPedida = await build.notificacion(empleado.id_empleado);
      const ajenas = await build.muchas(otro.empleado.id_empleado, 2);

      const response = await leer(token, { ids: [...ids(propiasNoLeidas), propiaLeida.id_notificacion, ...ids(ajenas), 999_999] });

      expect(response.status).toBe(200);
      expect(response.body).toEqual(marcadas(3));
      await expect(leidoEnBd([...ids(propiasNoLeidas), propiaLeida.id_notificacion, propiaNoPedida.id_notificacion, ...ids(ajenas)])).resolves.toEqual({
        [propiasNoLeidas[0]!.id_notificacion]: true,
        [propiasNoLeidas[1]!.id_notificacion]: true,
        [propiasNoLeidas[2]!.id_notificacion]: true,
        [propiaLeida.id_notificacion]: true,
        [propiaNoPedida.id_notificacion]: false,
        [ajenas[0]!.id_notificacion]: false,
        [ajenas[1]!.id_notificacion]: false,
      });
    });

    it('uses the singular for one notification, and counts a repeated id once', async () => {
      const { empleado, token } = await usuario();
      const propia = await build.notificacion(empleado.id_empleado);

      const response = await leer(token, { ids: [propia.id_notificacion, propia.id_notificacion] });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: '1 notificación marcada como leída.' });
      await expect(leidoEnBd([propia.id_notificacion])).resolves.toEqual({ [propia.id_notificacion]: true });
    });

    it('reports zero when every id is foreign or already read', async () => {
      const { empleado, token } = await usuario();
      const otro = await usuario();
      const leida = await build.notificacion(empleado.id_empleado, { leido: true });
      const ajena = await build.notificacion(otro.empleado.id_empleado);

      const response = await leer(token, { ids: [leida.id_notificacion, ajena.id_notificacion] });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: '0 notificaciones marcadas como leídas.' });
      await expect(leidoEnBd([ajena.id_notificacion])).resolves.toEqual({ [ajena.id_notificacion]: false });
    });

    it('reads back as read in the list afterwards', async () => {
      const { empleado, token } = await usuario();
      const [primera, segunda] = await build.muchas(empleado.id_empleado, 2);

      await leer(token, { ids: [primera!.id_notificacion] });
      const response = await listar(token);

      expect(response.body.no_leidas).toBe(1);
      expect(response.body.data.map((n: NotificacionCreada) => [n.id_notificacion, n.leido])).toEqual([
        [segunda!.id_notificacion, false],
        [primera!.id_notificacion, true],
      ]);
    });

    const NOT_INT = { campo: 'ids', mensaje: 'debe ser un número entero.' };
    const BELOW_MIN = { campo: 'ids', mensaje: 'es menor que el mínimo permitido.' };
    const ABOVE_MAX = { campo: 'ids', mensaje: 'es mayor que el máximo permitido.' };
    it.each([
      ['missing ids', {}, [{ campo: 'ids', mensaje: 'es obligatorio.' }]],
      ['an empty list', { ids: [] }, [{ campo: 'ids', mensaje: 'no tiene suficientes elementos.' }]],
      ['101 ids', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, [{ campo: 'ids', mensaje: 'tiene demasiados elementos.' }]],
      ['zero', { ids: [0] }, [BELOW_MIN]],
      ['a negative id', { ids: [-3] }, [BELOW_MIN]],
      ['an id beyond the integer range', { ids: [2_147_483_648] }, [ABOVE_MAX]],
      ['a text id', { ids: ['a'] }, [NOT_INT]],
      ['a numeric text id', { ids: ['1'] }, [NOT_INT]],
      ['a fractional id', { ids: [1.5] }, [NOT_INT]],
      ['ids that are not a list', { ids: 5 }, [{ campo: 'ids', mensaje: 'debe ser una lista.' }]],
      ['an unknown extra field', { ids: [1], todas: true }, [{ campo: 'todas', mensaje: 'no es un campo permitido.' }]],
    ])('rejects %s with 400 validacion and changes nothing', async (_name, body, errores) => {
      const { empleado, token } = await usuario();
      const propia = await build.notificacion(empleado.id_empleado);

      const response = await leer(token, body);

      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalid(...errores));
      await expect(leidoEnBd([propia.id_notificacion])).resolves.toEqual({ [propia.id_notificacion]: false });
    });

    it('answers a request with no body with the one error of its missing field', async () => {
      const { token } = await usuario();

      const response = await t.http.put('/api/notificaciones/leer').set('Authorization', `Bearer ${token}`);

      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalid({ campo: 'ids', mensaje: 'es obligatorio.' }));
    });

    it('refuses a request without a token', async () => {
      const response = await t.http.put('/api/notificaciones/leer').send({ ids: [1] });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(INVALID_TOKEN);
    });

    it('counts each notification once across 20 concurrent calls by two users, changing only own rows', async () => {
      const ana = await usuario();
      const luis = await usuario();
      // Per user: 16 rows, every fourth already read; calls target the first 12, the last 4 stay untouched.
      const crear = async (idUsuario: number) => {
        const filas: NotificacionCreada[] = [];
        for (let i = 0; i < 16; i += 1) filas.push(await build.notificacion(idUsuario, { leido: i % 4 === 0 }));
        return filas;
      };
      const deAna = await crear(ana.empleado.id_empleado);
      const deLuis = await crear(luis.empleado.id_empleado);
      // Overlapping windows of own ids, plus every id of the other user.
      const llamadas = (propias: NotificacionCreada[], ajenas: NotificacionCreada[]) =>
        Array.from({ length: 10 }, (_, i) => [...ids(propias.slice(i % 6, (i % 6) + 7)), ...ids(ajenas)]);
      const pedidos = [
        ...llamadas(deAna, deLuis).map((lote) => ({ token: ana.token, lote })),
        ...llamadas(deLuis, deAna).map((lote) => ({ token: luis.token, lote })),
      ];

      const responses = await Promise.all(pedidos.map(({ token, lote }) => leer(token, { ids: lote })));

      const contados = responses.map((response) => {
        expect(response.status).toBe(200);
        const n = Number(/^(\d+) notificaci/.exec(response.body.message)?.[1]);
        expect(response.body).toEqual(marcadas(n));
        return n;
      });
      const pedidasNoLeidas = (filas: NotificacionCreada[]) => filas.slice(0, 12).filter((fila) => !fila.leido).length;
      const suma = (desde: number) => contados.slice(desde, desde + 10).reduce((total, n) => total + n, 0);
      expect(suma(0)).toBe(pedidasNoLeidas(deAna));
      expect(suma(10)).toBe(pedidasNoLeidas(deLuis));
      const esperado = (filas: NotificacionCreada[]) =>
        Object.fromEntries(filas.map((fila, i) => [fila.id_notificacion, i < 12 ? true : fila.leido]));
      await expect(leidoEnBd(ids([...deAna, ...deLuis]))).resolves.toEqual({ ...esperado(deAna), ...esperado(deLuis) });
    });
  });
});
