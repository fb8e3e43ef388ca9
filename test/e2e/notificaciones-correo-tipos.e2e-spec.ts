import type { ParsedMail } from 'mailparser';
import { TipoNotificacionId } from '../../src/catalogs/tipo-notificacion.entity.js';
import { ComunicadosPublisher } from '../../src/comunicados/comunicados-publisher.service.js';
import { PLANTILLAS_CORREO } from '../../src/correo/plantillas-correo.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { IncompletosService } from '../../src/fichajes/incompletos.service.js';
import { ResumenAvisosService } from '../../src/fichajes/resumen-avisos.service.js';
import { RecordatoriosService } from '../../src/recordatorios/recordatorios.service.js';
import { addDays, currentYear, mondayInWeeks, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { insertFichaje } from '../support/fichaje.factory.js';
import { type MailTestApp, startMailTestApp, TEST_PORTAL as PORTAL } from '../support/mail-test-app.js';
import type { TestApp } from '../support/test-app.js';
import type { TestSmtpServer } from '../support/test-smtp-server.js';
import { pdf, uploadedUrl } from '../support/upload-fixtures.js';
import { waitFor } from '../support/wait-for.js';

const TIPOS: Record<string, TipoNotificacionId> = {
  APROBACION: TipoNotificacionId.Aprobacion,
  RECHAZO: TipoNotificacionId.Rechazo,
  DOCUMENTO: TipoNotificacionId.Documento,
  RECORDATORIO: TipoNotificacionId.Recordatorio,
  COMUNICADO: TipoNotificacionId.Comunicado,
  SOLICITUD_NUEVA: TipoNotificacionId.SolicitudNueva,
  RECALCULO: TipoNotificacionId.Recalculo,
  FICHAJE_INCOMPLETO: TipoNotificacionId.FichajeIncompleto,
  RESUMEN_JORNADA: TipoNotificacionId.ResumenJornada,
  CORRECCION_FICHAJE: TipoNotificacionId.CorreccionFichaje,
};

/** What one e-mail of an action should be: to whom, of which type, linking where in the portal. */
interface Esperado {
  para: Empleado;
  tipo: keyof typeof TIPOS;
  ruta: string;
}

/**
 * The app in approval mode `aprobacion`, e-mailing through a real SMTP server, an Admin, and what the tests ask of
 * them; registers the hooks of the enclosing describe. Read `t` and `admin` inside hooks and tests.
 */
function useMailWorld(aprobacion: string) {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let app: MailTestApp;
  let admin: Empleado;
  let desde: Date;
  const year = currentYear();

  beforeAll(async () => {
    app = await startMailTestApp({ APROBACION: aprobacion, REMINDER_CRON: 'off', FICHAJE_CIERRE_CRON: 'off', RESUMEN_JORNADA_CRON: 'off' });
    ({ t, smtp } = app);
    [{ desde }] = await t.db.query('SELECT now() AS desde');
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
  });
  // The next test file starts on this database with notification ids from 1 again: it must not find these jobs naming them.
  afterAll(async () => {
    if (!app) return;
    try {
      await enviados();
      await t.db.query(`DELETE FROM pgboss.job WHERE name = 'correo-notificacion' AND created_on >= $1`, [desde]);
    } finally {
      await app.close();
    }
  });

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const put = async (who: Empleado, path: string, body: object = {}) => t.http.put(path).set('Authorization', await bearer(who)).send(body);
  const post = async (who: Empleado, path: string, body: object) => t.http.post(path).set('Authorization', await bearer(who)).send(body);
  const preferir = async (who: Empleado, tipo: string, correo: boolean) =>
    expect((await put(who, '/api/notificaciones/preferencias', { preferencias: [{ tipo, correo }] })).status).toBe(200);
  const vacacionesPara = () => ({ [year]: { asignados: 22 }, [year + 1]: { asignados: 22 }, 2031: { asignados: 22 } });
  /** A team: a manager with two reports. */
  const equipo = async () => {
    const jefa = await t.factories.empleado({ nombre: 'Jefa del Equipo' });
    const ana = await t.factories.empleado({ nombre: 'Ana del Equipo', idResponsable: jefa.id_empleado, vacaciones: vacacionesPara() });
    const colega = await t.factories.empleado({ nombre: 'Colega del Equipo', idResponsable: jefa.id_empleado, vacaciones: vacacionesPara() });
    return { jefa, ana, colega };
  };

  /** Until every e-mail job written so far has been sent (or found nothing to send): what is in `received` is all there will be. */
  const enviados = () =>
    waitFor(
      async () =>
        (await t.db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'correo-notificacion' AND state IN ('created', 'retry', 'active')`))[0].n === 0,
      20_000,
    );
  /** The e-mails `accion` causes: those that arrive after it and before every job it wrote is done. */
  const correosDe = async (accion: () => Promise<unknown>): Promise<ParsedMail[]> => {
    await enviados();
    const antes = smtp.received.length;
    await accion();
    await enviados();
    return smtp.received.slice(antes);
  };
  const destinatario = (mail: ParsedMail): string => {
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    const direcciones = to.flatMap((address) => address.value.map((value) => value.address ?? ''));
    expect(direcciones).toHaveLength(1);
    return direcciones[0]!;
  };

  /**
   * Exactly one e-mail per expected recipient and none to anyone else; each is the recipient's own in-app
   * notification (its Message-ID names it, as GET /api/notificaciones shows it to them), with its title as the
   * subject, and a text of the greeting, the type's opening sentence, the notification's text and the invitation
   * with the link to `ruta`, nothing else before the footer.
   */
  const comprobar = async (correos: ParsedMail[], esperados: Esperado[]): Promise<void> => {
    expect(correos.map(destinatario).sort()).toEqual(esperados.map((esperado) => esperado.para.correo).sort());
    for (const { para, tipo, ruta } of esperados) {
      const mail = correos.find((correo) => destinatario(correo) === para.correo)!;
      const id = Number(/^<notificacion-(\d+)@empresa\.es>$/.exec(mail.messageId ?? '')?.[1]);
      const bandeja = await t.http.get('/api/notificaciones').set('Authorization', await bearer(para));
      const notificacion = bandeja.body.data.find((n: { id_notificacion: number }) => n.id_notificacion === id);
      expect(notificacion).toMatchObject({ tipo: { codigo: tipo } });
      const { entradilla, accion } = PLANTILLAS_CORREO[TIPOS[tipo]!];
      expect(mail.subject).toBe(notificacion.titulo);
      const cuerpo = `Hola, ${para.nombre}:\n\n${entradilla}\n\n${notificacion.mensaje}\n\n${accion}: ${PORTAL}${ruta}\n\n--\n`;
      expect(mail.text!.slice(0, cuerpo.length)).toBe(cuerpo);
      expect(mail.html).toContain(`<a href="${PORTAL}${ruta}" `);
    }
  };

  return {
    get t() {
      return t;
    },
    get admin() {
      return admin;
    },
    bearer,
    put,
    post,
    preferir,
    vacacionesPara,
    equipo,
    correosDe,
    destinatario,
    comprobar,
  };
}

/**
 * Each notification type, caused the way a user or the scheduler causes it, against a real SMTP server: the
 * e-mails the action causes go to exactly the people it concerns, each one the recipient's own in-app
 * notification (subject, text, link, Message-ID), and nothing about anyone else.
 */
describe('e-mail of every notification type, approvals routed to the manager (APROBACION=responsable): the right people, and nobody else', () => {
  const w = useMailWorld('responsable');
  const { bearer, put, post, preferir, vacacionesPara, equipo, correosDe, destinatario, comprobar } = w;
  let t: TestApp;
  let admin: Empleado;
  beforeAll(() => {
    ({ t, admin } = w);
  });

  describe('requests', () => {
    it("SOLICITUD_NUEVA: the manager and the manager's delegate today, not the author, a colleague or an Admin; without the request's description", async () => {
      const { jefa, ana, colega } = await equipo();
      const delegado = await t.factories.empleado({ nombre: 'Delegado de la Jefa' });
      await insertDelegacion(t.db, jefa.id_empleado, delegado.id_empleado, addDays(today(), -1), addDays(today(), 7));
      const descripcion = 'Cita de seguimiento en la unidad de oncología';
      const lunes = mondayInWeeks(5);
      let id = 0;

      const correos = await correosDe(async () => {
        const creada = await post(ana, '/api/solicitudes/permisos', { fecha_inicio: lunes, fecha_fin: lunes, descripcion });
        expect(creada.status).toBe(201);
        id = creada.body.id_solicitud;
      });

      await comprobar(correos, [
        { para: jefa, tipo: 'SOLICITUD_NUEVA', ruta: `/solicitudes/${id}` },
        { para: delegado, tipo: 'SOLICITUD_NUEVA', ruta: `/solicitudes/${id}` },
      ]);
      expect(correos.map(destinatario)).not.toContain(ana.correo);
      expect(correos.map(destinatario)).not.toContain(colega.correo);
      expect(correos[0]!.subject).toBe('Nueva solicitud de permiso');
      for (const correo of correos) {
        expect(correo.text).not.toContain('oncología');
        expect(correo.html).not.toContain('oncolog');
      }
    });

    it('APROBACION: the owner only, not the manager who approved nor a colleague', async () => {
      const { jefa, ana } = await equipo();
      const creada = await post(ana, '/api/solicitudes/vacaciones', { fecha_inicio: mondayInWeeks(6), fecha_fin: addDays(mondayInWeeks(6), 4) });
      expect(creada.status).toBe(201);
      const id = creada.body.id_solicitud;

      const correos = await correosDe(async () => expect((await put(jefa, `/api/solicitudes/${id}/aprobar`)).status).toBe(200));

      await comprobar(correos, [{ para: ana, tipo: 'APROBACION', ruta: `/solicitudes/${id}` }]);
      expect(correos[0]!.subject).toBe('Solicitud de vacaciones aprobada');
    });

    it("RECHAZO: the owner only, with the manager's comment, which is about their own request", async () => {
      const { jefa, ana } = await equipo();
      const creada = await post(ana, '/api/solicitudes/teletrabajo', { fecha_inicio: mondayInWeeks(7), fecha_fin: mondayInWeeks(7) });
      expect(creada.status).toBe(201);
      const id = creada.body.id_solicitud;

      const correos = await correosDe(async () => expect((await put(jefa, `/api/solicitudes/${id}/rechazar`, { comentario: 'Ese día hay auditoría presencial.' })).status).toBe(200));

      await comprobar(correos, [{ para: ana, tipo: 'RECHAZO', ruta: `/solicitudes/${id}` }]);
      expect(correos[0]!.text).toContain('Comentario: Ese día hay auditoría presencial.');
    });

    /** Ana's vacation approved by her manager, and her cancellation of it asked for. */
    const cancelacionPedida = async () => {
      const { jefa, ana, colega } = await equipo();
      const lunes = mondayInWeeks(8);
      const creada = await post(ana, '/api/solicitudes/vacaciones', { fecha_inicio: lunes, fecha_fin: addDays(lunes, 4) });
      expect(creada.status).toBe(201);
      const id = creada.body.id_solicitud;
      expect((await put(jefa, `/api/solicitudes/${id}/aprobar`)).status).toBe(200);
      expect((await put(ana, `/api/solicitudes/${id}/cancelar`, { comentario: 'Cambio de planes.' })).status).toBe(200);
      return { jefa, ana, colega, id };
    };

    it("a cancellation asked for: SOLICITUD_NUEVA to the manager only, without the owner's comment", async () => {
      const { jefa, ana, colega } = await equipo();
      const lunes = mondayInWeeks(9);
      const creada = await post(ana, '/api/solicitudes/vacaciones', { fecha_inicio: lunes, fecha_fin: addDays(lunes, 4) });
      expect(creada.status).toBe(201);
      const id = creada.body.id_solicitud;
      expect((await put(jefa, `/api/solicitudes/${id}/aprobar`)).status).toBe(200);

      const correos = await correosDe(async () => expect((await put(ana, `/api/solicitudes/${id}/cancelar`, { comentario: 'Motivo familiar delicado.' })).status).toBe(200));

      await comprobar(correos, [{ para: jefa, tipo: 'SOLICITUD_NUEVA', ruta: `/solicitudes/${id}` }]);
      expect(correos.map(destinatario)).not.toContain(colega.correo);
      expect(correos[0]!.subject).toBe('Cancelación de vacaciones solicitada');
      expect(correos[0]!.text).not.toContain('Motivo familiar');
    });

    it('a cancellation approved: the owner only, as an APROBACION', async () => {
      const { jefa, ana, id } = await cancelacionPedida();

      const correos = await correosDe(async () => expect((await put(jefa, `/api/solicitudes/${id}/aprobar`)).status).toBe(200));

      await comprobar(correos, [{ para: ana, tipo: 'APROBACION', ruta: `/solicitudes/${id}` }]);
      expect(correos[0]!.subject).toBe('Cancelación aprobada');
      expect(correos[0]!.text).toContain('los días vuelven a tu saldo');
    });

    it('a cancellation rejected: the owner only, as a RECHAZO', async () => {
      const { jefa, ana, id } = await cancelacionPedida();

      const correos = await correosDe(async () => expect((await put(jefa, `/api/solicitudes/${id}/rechazar`, { comentario: 'Semana de cierre.' })).status).toBe(200));

      await comprobar(correos, [{ para: ana, tipo: 'RECHAZO', ruta: `/solicitudes/${id}` }]);
      expect(correos[0]!.subject).toBe('Cancelación rechazada');
      expect(correos[0]!.text).toContain('las vacaciones siguen aprobadas');
    });

    it('RECORDATORIO: the manager a request has waited on for days, not its owner nor the Admins', async () => {
      const { jefa, ana } = await equipo();
      const creada = await post(ana, '/api/solicitudes/permisos', { fecha_inicio: mondayInWeeks(9), fecha_fin: mondayInWeeks(9) });
      expect(creada.status).toBe(201);
      const id = creada.body.id_solicitud;
      await t.db.query(`UPDATE solicitud SET fecha_creacion = now() - interval '9 days' WHERE id_solicitud = $1`, [id]);

      const correos = await correosDe(() => t.app.get(RecordatoriosService).run('2030-01-01T09:00'));

      await comprobar(correos, [{ para: jefa, tipo: 'RECORDATORIO', ruta: `/solicitudes/${id}` }]);
      await t.db.query(`UPDATE solicitud SET fecha_creacion = now() WHERE id_solicitud = $1`, [id]);
    });

    it('RECALCULO: the owner of a request over a new local holiday only, not their manager nor a colleague of the same centre', async () => {
      const centro = await t.factories.centroTrabajo({ comunidad_autonoma: 'ES-MD' });
      const jefa = await t.factories.empleado({ nombre: 'Jefa del Centro', idCentroTrabajo: centro.id_centro_trabajo });
      const ana = await t.factories.empleado({ nombre: 'Ana del Centro', idResponsable: jefa.id_empleado, idCentroTrabajo: centro.id_centro_trabajo, vacaciones: vacacionesPara() });
      await t.factories.empleado({ idResponsable: jefa.id_empleado, idCentroTrabajo: centro.id_centro_trabajo, vacaciones: vacacionesPara() });
      const creada = await post(ana, '/api/solicitudes/vacaciones', { fecha_inicio: '2031-08-04', fecha_fin: '2031-08-08' });
      expect(creada.status).toBe(201);
      const id = creada.body.id_solicitud;

      const correos = await correosDe(async () =>
        expect(
          (await post(admin, '/api/dias-festivos', { fecha: '2031-08-06', nombre: 'Fiesta local de prueba', ambito: 'local', id_centro_trabajo: centro.id_centro_trabajo })).status,
        ).toBe(201),
      );

      await comprobar(correos, [{ para: ana, tipo: 'RECALCULO', ruta: `/solicitudes/${id}` }]);
      expect(correos[0]!.text).toContain('cuenta ahora 4 días (antes 5 días)');
    });
  });

  describe('documents and announcements', () => {
    it('DOCUMENTO: its employee only, not the Admin who published it nor anyone else', async () => {
      const { ana } = await equipo();
      const url = await uploadedUrl(t.http, await t.idp.token(admin.idp_oid), 'documento', 'nomina.pdf', pdf());

      const correos = await correosDe(async () => expect((await post(admin, '/api/documentos', { id_empleado: ana.id_empleado, titulo: 'Nómina de noviembre', url })).status).toBe(201));

      await comprobar(correos, [{ para: ana, tipo: 'DOCUMENTO', ruta: '/documentos' }]);
      expect(correos[0]!.text).toContain('«Nómina de noviembre»');
    });

    const publicar = async (titulo: string) => {
      const creado = await post(admin, '/api/comunicados/admin', { titulo, contenido: 'Texto del comunicado.' });
      expect(creado.status).toBe(201);
    };

    it('COMUNICADO left at its default (off): no e-mail to anyone, though everyone is notified in the app', async () => {
      const { ana } = await equipo();

      const correos = await correosDe(() => publicar('Cierre por inventario'));

      expect(correos).toEqual([]);
      const bandeja = await t.http.get('/api/notificaciones').set('Authorization', await bearer(ana));
      expect(bandeja.body.data[0]).toMatchObject({ titulo: 'Nuevo comunicado: Cierre por inventario', tipo: { codigo: 'COMUNICADO' } });
    });

    it('COMUNICADO turned on: exactly those of its audience who turned it on; not the author, not someone who has left', async () => {
      const { ana, colega } = await equipo();
      const luis = await t.factories.empleado({ nombre: 'Luis Interesado' });
      const seFue = await t.factories.empleado({ nombre: 'Se Fue' });
      for (const quien of [ana, luis, seFue, admin]) await preferir(quien, 'COMUNICADO', true);
      await t.db.query('UPDATE empleado SET activo = false WHERE id_empleado = $1', [seFue.id_empleado]);

      const correos = await correosDe(() => publicar('Nuevo horario de verano'));

      await comprobar(correos, [
        { para: ana, tipo: 'COMUNICADO', ruta: '/comunicados' },
        { para: luis, tipo: 'COMUNICADO', ruta: '/comunicados' },
      ]);
      expect(correos.map(destinatario)).not.toContain(colega.correo);
      expect(correos[0]!.subject).toBe('Nuevo comunicado: Nuevo horario de verano');
      for (const quien of [ana, luis, admin]) await preferir(quien, 'COMUNICADO', false);
    });

    it('COMUNICADO scheduled: sent when the publisher makes it visible, to those who turned it on', async () => {
      const ana = await t.factories.empleado({ nombre: 'Ana Programada' });
      await preferir(ana, 'COMUNICADO', true);
      const creado = await post(admin, '/api/comunicados/admin', { titulo: 'Aviso programado', contenido: 'Más tarde.', fecha_publicacion: '2099-01-01 09:00:00' });
      expect(creado.status).toBe(201);
      await t.db.query(`UPDATE comunicado SET fecha_publicacion = now() - interval '1 minute' WHERE id_comunicado = $1`, [creado.body.data.id_comunicado]);

      const correos = await correosDe(() => t.app.get(ComunicadosPublisher).publishDue());

      await comprobar(correos, [{ para: ana, tipo: 'COMUNICADO', ruta: '/comunicados' }]);
      await preferir(ana, 'COMUNICADO', false);
    });
  });

  describe('the time register', () => {
    it("FICHAJE_INCOMPLETO: the employee and their manager, each their own notice; not a colleague nor the Admins", async () => {
      const { jefa, ana } = await equipo();
      await insertFichaje(t.db, ana.id_empleado, 'entrada', 2 * 24 * 60, addDays(today(), -2));

      const correos = await correosDe(() => t.app.get(IncompletosService).run('2030-01-01T00:00'));

      await comprobar(correos, [
        { para: ana, tipo: 'FICHAJE_INCOMPLETO', ruta: '/fichajes' },
        { para: jefa, tipo: 'FICHAJE_INCOMPLETO', ruta: '/fichajes' },
      ]);
      expect(correos.find((correo) => destinatario(correo) === jefa.correo)!.subject).toBe('Jornada sin fichaje de salida: Ana del Equipo');
      expect(correos.find((correo) => destinatario(correo) === ana.correo)!.subject).toBe('Jornada sin fichaje de salida');
    });

    it('RESUMEN_JORNADA (default off): only those who turned it on, though everyone employed last month is notified in the app', async () => {
      const ana = await t.factories.empleado({ nombre: 'Ana Resumida' });
      const luis = await t.factories.empleado({ nombre: 'Luis Sin Correo' });
      await preferir(ana, 'RESUMEN_JORNADA', true);

      const correos = await correosDe(() => t.app.get(ResumenAvisosService).run('2030-01-01T08:00'));

      await comprobar(correos, [{ para: ana, tipo: 'RESUMEN_JORNADA', ruta: '/fichajes' }]);
      const bandeja = await t.http.get('/api/notificaciones').set('Authorization', await bearer(luis));
      expect(bandeja.body.data[0]).toMatchObject({ tipo: { codigo: 'RESUMEN_JORNADA' } });
    });

    /** A day of Ana's two days ago, clocked in and never out, marked incompleto. */
    const diaIncompleto = async (ana: Empleado): Promise<string> => {
      const dia = addDays(today(), -2);
      await insertFichaje(t.db, ana.id_empleado, 'entrada', 2 * 24 * 60, dia);
      await t.db.query(`INSERT INTO fichaje_dia_incompleto (id_empleado, fecha) VALUES ($1, $2)`, [ana.id_empleado, dia]);
      return dia;
    };
    const jornada = (dia: string) => [
      { tipo: 'entrada', instante: `${dia}T08:00:00.000Z` },
      { tipo: 'salida', instante: `${dia}T16:00:00.000Z` },
    ];

    it("CORRECCION_FICHAJE proposed by the manager: the worker only, with the manager's reason", async () => {
      const { jefa, ana } = await equipo();
      const dia = await diaIncompleto(ana);
      let id = 0;

      const correos = await correosDe(async () => {
        const creada = await post(jefa, '/api/solicitudes/correccion-fichaje', { fecha: dia, fichajes: jornada(dia), motivo: 'Consta en el control de accesos.', id_empleado: ana.id_empleado });
        expect(creada.status).toBe(201);
        id = creada.body.id_solicitud;
      });

      await comprobar(correos, [{ para: ana, tipo: 'CORRECCION_FICHAJE', ruta: `/solicitudes/${id}` }]);
      expect(correos[0]!.subject).toBe('Corrección de fichaje propuesta');
      expect(correos[0]!.text).toContain('Motivo: «Consta en el control de accesos.»');
    });

    it.each(['aprobar', 'rechazar'] as const)('CORRECCION_FICHAJE answered (%s) by the worker: the manager who proposed it only', async (respuesta) => {
      const { jefa, ana } = await equipo();
      const dia = await diaIncompleto(ana);
      const creada = await post(jefa, '/api/solicitudes/correccion-fichaje', { fecha: dia, fichajes: jornada(dia), motivo: 'Revisión del turno.', id_empleado: ana.id_empleado });
      expect(creada.status).toBe(201);
      const id = creada.body.id_solicitud;

      const correos = await correosDe(async () => expect((await put(ana, `/api/solicitudes/${id}/${respuesta}`)).status).toBe(200));

      await comprobar(correos, [{ para: jefa, tipo: 'CORRECCION_FICHAJE', ruta: `/solicitudes/${id}` }]);
      expect(correos[0]!.subject).toBe(respuesta === 'aprobar' ? 'Corrección de fichaje aceptada' : 'Corrección de fichaje rechazada');
    });

    it("a worker's own correction: SOLICITUD_NUEVA to the manager only, without the worker's reason", async () => {
      const { jefa, ana } = await equipo();
      const dia = await diaIncompleto(ana);
      let id = 0;

      const correos = await correosDe(async () => {
        const creada = await post(ana, '/api/solicitudes/correccion-fichaje', { fecha: dia, fichajes: jornada(dia), motivo: 'Salí antes por una revisión médica.' });
        expect(creada.status).toBe(201);
        id = creada.body.id_solicitud;
      });

      await comprobar(correos, [{ para: jefa, tipo: 'SOLICITUD_NUEVA', ruta: `/solicitudes/${id}` }]);
      expect(correos[0]!.text).not.toContain('médica');
    });
  });
});

describe('e-mail in the default approval mode (APROBACION=admin): what waits on the Admins goes to every active Admin but its author', () => {
  const w = useMailWorld('admin');
  const { post, equipo, correosDe, comprobar } = w;
  let t: TestApp;
  let admin: Empleado;
  let superAdmin: Empleado;
  beforeAll(async () => {
    ({ t, admin } = w);
    superAdmin = await t.factories.superAdmin({ nombre: 'Sara Super' });
    await t.factories.admin({ nombre: 'Admin de Baja', activo: false });
  });

  it("SOLICITUD_NUEVA: every active Admin and Super Admin, not the author nor the author's manager", async () => {
    const { ana } = await equipo();
    let id = 0;

    const correos = await correosDe(async () => {
      const creada = await post(ana, '/api/solicitudes/permisos', { fecha_inicio: mondayInWeeks(5), fecha_fin: mondayInWeeks(5), descripcion: 'Mudanza a Valladolid' });
      expect(creada.status).toBe(201);
      id = creada.body.id_solicitud;
    });

    await comprobar(correos, [
      { para: admin, tipo: 'SOLICITUD_NUEVA', ruta: `/solicitudes/${id}` },
      { para: superAdmin, tipo: 'SOLICITUD_NUEVA', ruta: `/solicitudes/${id}` },
    ]);
    for (const correo of correos) expect(correo.text).not.toContain('Valladolid');
  });

  it("an Admin's own request: the other Admins only", async () => {
    let id = 0;

    const correos = await correosDe(async () => {
      const creada = await post(superAdmin, '/api/solicitudes/teletrabajo', { fecha_inicio: mondayInWeeks(6), fecha_fin: mondayInWeeks(6) });
      expect(creada.status).toBe(201);
      id = creada.body.id_solicitud;
    });

    await comprobar(correos, [{ para: admin, tipo: 'SOLICITUD_NUEVA', ruta: `/solicitudes/${id}` }]);
  });

  it("RECORDATORIO of an employee's request waiting for days: every active Admin, not its owner", async () => {
    const { ana } = await equipo();
    const creada = await post(ana, '/api/solicitudes/permisos', { fecha_inicio: mondayInWeeks(7), fecha_fin: mondayInWeeks(7) });
    expect(creada.status).toBe(201);
    const id = creada.body.id_solicitud;
    await t.db.query(`UPDATE solicitud SET fecha_creacion = now() - interval '9 days' WHERE id_solicitud = $1`, [id]);

    const correos = await correosDe(() => t.app.get(RecordatoriosService).run('2030-01-01T09:00'));

    await comprobar(correos, [
      { para: admin, tipo: 'RECORDATORIO', ruta: `/solicitudes/${id}` },
      { para: superAdmin, tipo: 'RECORDATORIO', ruta: `/solicitudes/${id}` },
    ]);
    await t.db.query(`UPDATE solicitud SET fecha_creacion = now() WHERE id_solicitud = $1`, [id]);
  });

  it('FICHAJE_INCOMPLETO: the employee and every active Admin, who decide their requests; not their manager', async () => {
    const { ana } = await equipo();
    await insertFichaje(t.db, ana.id_empleado, 'entrada', 2 * 24 * 60, addDays(today(), -2));

    const correos = await correosDe(() => t.app.get(IncompletosService).run('2030-01-01T00:00'));

    await comprobar(correos, [
      { para: ana, tipo: 'FICHAJE_INCOMPLETO', ruta: '/fichajes' },
      { para: admin, tipo: 'FICHAJE_INCOMPLETO', ruta: '/fichajes' },
      { para: superAdmin, tipo: 'FICHAJE_INCOMPLETO', ruta: '/fichajes' },
    ]);
  });
});
