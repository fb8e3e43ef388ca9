import { addYears, type CalendarDate } from '../common/calendar-date.js';
import type { PrivacidadSettings, TipoDatoConservado } from '../config/app-config.js';

/** What an erasure answer says is kept: until when, and under which law. */
export interface DatoConservado {
  tipo: TipoDatoConservado | 'contacto';
  descripcion: string;
  base_legal: string;
  plazo: string;
  /** The last day of the retention period; null while it cannot be known (the employee has not left, or it counts from each record). */
  conservado_hasta: CalendarDate | null;
  /** Blocked from the day after conservado_hasta until this day (LOPDGDD art. 32), then deleted. */
  bloqueado_hasta: CalendarDate | null;
}

/** The employee as an erasure answer needs them. */
export interface TitularSupresion {
  activo: boolean;
  fecha_baja: CalendarDate | null;
}

type TipoConservadoTrasLaBaja = Exclude<TipoDatoConservado, 'notificaciones'>;

/**
 * Why each kind of data outlives an erasure request: GDPR art. 17(3)(b) (a legal obligation to keep it) and
 * 17(3)(e) (the defence of legal claims, for as long as labour infringements can be pursued).
 */
const CONSERVADOS: Record<TipoConservadoTrasLaBaja, { descripcion: string; base_legal: string }> = {
  solicitudes: {
    descripcion: 'Solicitudes de vacaciones, permisos y cambios de perfil, con su historial y los archivos adjuntos.',
    base_legal: 'RGPD art. 17.3.b y 17.3.e; LISOS art. 21.1 (conservación de la documentación laboral).',
  },
  documentos: {
    descripcion: 'Documentos laborales (nóminas, certificados, contratos) y sus archivos.',
    base_legal: 'RGPD art. 17.3.b; LISOS art. 21.1 (nóminas y documentos de cotización a la Seguridad Social).',
  },
  fichajes: {
    descripcion: 'Registro diario de jornada (fichajes) y sus correcciones.',
    base_legal: 'RGPD art. 17.3.b; Estatuto de los Trabajadores art. 34.9 (registro de jornada, cuatro años).',
  },
  historial: {
    descripcion: 'Tu ficha de empleado (nombre, correo, rol, fechas de alta y baja), su historial de cambios, tus asignaciones de vacaciones y tus delegaciones.',
    base_legal: 'RGPD art. 17.3.b y 17.3.e; LISOS art. 4 (plazo de prescripción de las infracciones laborales).',
  },
  accesos: {
    descripcion: 'El registro de quién ha consultado tus datos.',
    base_legal: 'RGPD art. 5.2 (responsabilidad proactiva) y art. 17.3.e.',
  },
};

/** Kinds of data kept after the request, with their dates when the leave date is known. */
export function datosConservados(titular: TitularSupresion, privacidad: PrivacidadSettings): DatoConservado[] {
  const conservados = (Object.keys(CONSERVADOS) as TipoConservadoTrasLaBaja[]).map((tipo): DatoConservado => {
    const anios = privacidad.retencion[tipo];
    // Each read starts its own period, and reads may still happen after the leave (this view, an export).
    const desdeCadaRegistro = tipo === 'accesos';
    const hasta = titular.fecha_baja && !desdeCadaRegistro ? addYears(titular.fecha_baja, anios) : null;
    return {
      tipo,
      ...CONSERVADOS[tipo],
      plazo: plazoDe(anios, titular, desdeCadaRegistro),
      conservado_hasta: hasta,
      bloqueado_hasta: hasta && addYears(hasta, privacidad.bloqueoAnios),
    };
  });
  if (!titular.activo) return conservados;
  return [
    ...conservados,
    {
      tipo: 'contacto',
      descripcion: 'Tu teléfono y tu dirección.',
      base_legal: 'RGPD art. 6.1.b: siguen siendo necesarios para tu contrato; pide su supresión tras la baja.',
      plazo: 'Mientras dure la relación laboral.',
      conservado_hasta: titular.fecha_baja,
      bloqueado_hasta: null,
    },
  ];
}

function plazoDe(anios: number, titular: TitularSupresion, desdeCadaRegistro: boolean): string {
  const periodo = `${anios} ${anios === 1 ? 'año' : 'años'}`;
  if (desdeCadaRegistro) return `${periodo} desde cada consulta, y después bloqueados hasta su eliminación.`;
  if (titular.fecha_baja) return `${periodo} desde la baja (${titular.fecha_baja}), y después bloqueados hasta su eliminación.`;
  return `Hasta ${periodo} después de la baja, y después bloqueados hasta su eliminación.`;
}
