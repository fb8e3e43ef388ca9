import { startTestSmtpServer } from '../../test/support/test-smtp-server.js';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { correoDeNotificacion } from './correo-notificacion.js';
import { PLANTILLAS_CORREO } from './plantillas-correo.js';
import { SmtpMailer } from './smtp-mailer.js';

const aprobacion = { tipo: TipoNotificacionId.Aprobacion, titulo: 'Solicitud aprobada', mensaje: 'Tu solicitud de vacaciones del 2027-08-02 al 2027-08-13 ha sido aprobada.', id_solicitud: 41 };

describe('e-mail of a notification over SMTP', () => {
  it('arrives with its subject, both bodies, the link to the request in the portal and the given Message-ID', async () => {
    const smtp = await startTestSmtpServer();
    const mailer = new SmtpMailer(smtp.url, 'Portal del Empleado <portal@empresa.es>');
    try {
      await mailer.send(correoDeNotificacion(aprobacion, { nombre: 'Lucía Fernández', correo: 'lucia@empresa.es' }, 'https://portal.empresa.es/', '<envio-7@empresa.es>'));
    } finally {
      mailer.close();
      await smtp.close();
    }
    const [mail] = smtp.received;
    expect(smtp.received).toHaveLength(1);
    expect(mail!.subject).toBe('Solicitud aprobada');
    expect(mail!.messageId).toBe('<envio-7@empresa.es>');
    expect(mail!.from?.value).toEqual([{ name: 'Portal del Empleado', address: 'portal@empresa.es' }]);
    expect(mail!.to).toMatchObject({ value: [{ address: 'lucia@empresa.es' }] });
    expect(mail!.text).toContain('Hola, Lucía Fernández:');
    expect(mail!.text).toContain('Ver la solicitud: https://portal.empresa.es/solicitudes/41');
    expect(mail!.html).toContain('<a href="https://portal.empresa.es/solicitudes/41" ');
  });

  it('shows names and texts as text, never as markup', () => {
    const correo = correoDeNotificacion(
      { ...aprobacion, titulo: 'Aviso <b>', mensaje: 'Comentario: <script>alert(1)</script> & "más"' },
      { nombre: '<img src=x onerror=alert(1)>', correo: 'x@empresa.es' },
      'https://portal.empresa.es',
      '<envio-8@empresa.es>',
    );
    expect(correo.html).not.toMatch(/<script|<img|<b>/);
    expect(correo.html).toContain('Comentario: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;más&quot;');
    expect(correo.html).toContain('Hola, &lt;img src=x onerror=alert(1)&gt;:');
    expect(correo.texto).toContain('Comentario: <script>alert(1)</script> & "más"');
  });

  it.each([
    [TipoNotificacionId.Documento, '/documentos'],
    [TipoNotificacionId.Comunicado, '/comunicados'],
    [TipoNotificacionId.FichajeIncompleto, '/fichajes'],
    [TipoNotificacionId.Recordatorio, '/notificaciones'],
  ])('links a notification of type %s without a request to %s', (tipo, ruta) => {
    const correo = correoDeNotificacion({ tipo, titulo: 't', mensaje: 'm', id_solicitud: null }, { nombre: 'Ana', correo: 'ana@empresa.es' }, 'https://portal.empresa.es', '<x@empresa.es>');
    expect(correo.texto).toContain(`https://portal.empresa.es${ruta}\n`);
  });

  it.each(Object.entries(PLANTILLAS_CORREO))('says in both bodies what a notification of type %s is about, and invites to open it', (tipo, { entradilla, accion }) => {
    const correo = correoDeNotificacion({ tipo: Number(tipo), titulo: 'Título', mensaje: 'Texto del aviso.', id_solicitud: null }, { nombre: 'Ana', correo: 'ana@empresa.es' }, 'https://portal.empresa.es', '<x@empresa.es>');
    expect(correo.texto).toContain(`Hola, Ana:\n\n${entradilla}\n\nTexto del aviso.\n\n${accion}: https://portal.empresa.es/`);
    expect(correo.html).toContain(`<p>${entradilla}</p>`);
    expect(correo.html).toContain(`>${accion}</a>`);
    expect(correo.asunto).toBe('Título');
  });

  it('fails the send when the SMTP server is down, so the delivery is tried again later', async () => {
    const smtp = await startTestSmtpServer();
    await smtp.close();
    const mailer = new SmtpMailer(smtp.url, 'portal@empresa.es');
    await expect(mailer.send(correoDeNotificacion(aprobacion, { nombre: 'Ana', correo: 'ana@empresa.es' }, 'https://p.es', '<envio-9@empresa.es>'))).rejects.toThrow(/ECONNREFUSED/);
    mailer.close();
  });
});
