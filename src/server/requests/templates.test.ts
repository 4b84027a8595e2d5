import { describe, expect, it } from 'vitest';
import { bareAddress, messageIdFor, singleLine } from '../mail/message.ts';
import { acknowledgementMail, notificationMail } from './templates.ts';
import { describeError, isPermanentFailure, retryDelayMs } from '../mail/worker.ts';

const base = {
  fullName: 'Ana López Ruiz',
  company: 'Solar del Norte',
  position: 'Directora de proyectos',
  email: 'ana@example.com',
  phoneNumber: '5512345678',
  createdAt: '2026-11-23T18:30:00.000Z',
};

describe('mail templates', () => {
  it('names the membership type in the notification subject and lists every field', () => {
    const mail = notificationMail({ ...base, kind: 'Estudiantil' });
    expect(mail.subject).toBe('Nueva solicitud de membresía (Estudiantil): Ana López Ruiz');
    expect(mail.text).toContain('Nombre completo: Ana López Ruiz');
    expect(mail.text).toContain('Empresa: Solar del Norte');
    expect(mail.text).toContain('Puesto: Directora de proyectos');
    expect(mail.text).toContain('Correo electrónico: ana@example.com');
    expect(mail.text).toContain('Teléfono: 5512345678');
    expect(mail.text).toContain('Tipo de membresía: Estudiantil');
    // 18:30 UTC is 12:30 in Mexico City (no daylight saving time since 2022).
    expect(mail.text).toMatch(/Fecha: 23 de noviembre de 2026.*12:30/);
  });

  it('dates a request sent in the evening on its day in Mexico City, not on the UTC one', () => {
    const mail = notificationMail({ ...base, kind: 'contacto', createdAt: '2026-11-24T02:15:00.000Z' });
    expect(mail.text).toMatch(
      /Fecha: 23 de noviembre de 2026.*8:15.*\(hora del centro de México; 2026-11-24T02:15:00\.000Z\)/,
    );
  });

  it('tells a contact message apart from a membership request', () => {
    const mail = notificationMail({ ...base, kind: 'contacto' });
    expect(mail.subject).toBe('Nuevo mensaje de contacto: Ana López Ruiz');
    expect(mail.text).toContain('Tipo de membresía: No aplica (mensaje de contacto)');
  });

  it('thanks the sender in Spanish, repeating nothing she typed', () => {
    const typed = {
      ...base,
      fullName: 'Gana dinero en https://evil.example',
      company: 'Oferta',
      position: 'Clic',
    };
    const mail = acknowledgementMail({ ...typed, kind: 'Individual' });
    expect(mail.subject).toBe('Recibimos tu solicitud de membresía');
    expect(mail.text).toMatch(/^Hola:/);
    for (const word of ['Gana', 'evil', 'Oferta', 'Clic', base.email, base.phoneNumber]) {
      expect(mail.text + mail.subject).not.toContain(word);
    }
    expect(mail.text).toContain('Recibimos tu solicitud de membresía Individual');
    expect(acknowledgementMail({ ...base, kind: 'contacto' }).text).toContain(
      'Recibimos tu solicitud de contacto',
    );
  });

  it('keeps line breaks and control characters out of subjects and field lines', () => {
    const mail = notificationMail({
      ...base,
      kind: 'contacto',
      fullName: 'Eva\r\nBcc: intruso@example.com\u0000',
      company: 'Uno\nTeléfono: 0000000000',
    });
    expect(mail.subject).toBe('Nuevo mensaje de contacto: Eva Bcc: intruso@example.com');
    expect(mail.text).toContain('Empresa: Uno Teléfono: 0000000000');
    expect(mail.text.match(/^Teléfono:/gm)).toHaveLength(1);
    expect(singleLine('a\u2028b\tc\u007fd')).toBe('a b c d');
  });

  it('derives a stable Message-ID from the outbox row and the sender domain', () => {
    expect(messageIdFor('1234-abcd', 'Sitio web <no-responder@example.org>')).toBe('<1234-abcd@example.org>');
    expect(messageIdFor('1234-abcd', 'hola@mujeres.mx')).toBe('<1234-abcd@mujeres.mx>');
    expect(messageIdFor('x', 'sin dominio')).toBe('<x@localhost>');
    expect(bareAddress('Nombre <a@b.mx>')).toBe('a@b.mx');
  });
});

describe('mail retry policy', () => {
  it('doubles the delay from the base, adds at most 10 % jitter, and stops at an hour', () => {
    expect(retryDelayMs(1, 1_000, () => 0)).toBe(1_000);
    expect(retryDelayMs(2, 1_000, () => 0)).toBe(2_000);
    expect(retryDelayMs(4, 1_000, () => 0)).toBe(8_000);
    expect(retryDelayMs(3, 1_000, () => 0.999)).toBe(4_400);
    expect(retryDelayMs(40, 1_000, () => 0)).toBe(3_600_000);
  });

  it('gives up only on a 5xx answer about the message itself', () => {
    expect(isPermanentFailure({ code: 'EMESSAGE', responseCode: 550 })).toBe(true);
    expect(isPermanentFailure({ code: 'EENVELOPE', responseCode: 553 })).toBe(true);
    expect(isPermanentFailure({ code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentFailure({ code: 'EMESSAGE', responseCode: 451 })).toBe(false);
    expect(isPermanentFailure({ code: 'EAUTH', responseCode: 535 })).toBe(false);
    expect(isPermanentFailure({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanentFailure(new Error('boom'))).toBe(false);
  });

  it('keeps the error code and a bounded message', () => {
    expect(describeError({ code: 'EMESSAGE', responseCode: 550, message: 'Rejected' })).toBe(
      '[EMESSAGE 550] Rejected',
    );
    expect(describeError(new Error('x'.repeat(5_000)))).toHaveLength(1_000);
  });
});
