/** One e-mail to one person, as every transport sends it. */
export interface MensajeCorreo {
  para: string;
  asunto: string;
  texto: string;
  html: string;
  /**
   * RFC 5322 Message-ID, the same on every try of one delivery: a receiver that got the first try
   * de-duplicates a second one sent after a crash between sending and recording it.
   */
  messageId: string;
}

export interface Mailer {
  send(mensaje: MensajeCorreo): Promise<void>;
  close(): void;
}
