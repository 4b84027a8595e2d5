import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { excerpt } from './excerpt.ts';
import { messages } from './messages.ts';
import {
  ContactBodySchema,
  ContactFormSchema,
  EventInputSchema,
  MembershipFormSchema,
  PartnerInputSchema,
  fieldMessages,
} from './schemas.ts';

const valid = {
  fullName: 'Ana Pérez',
  company: 'Solar del Norte',
  position: 'Ingeniera',
  email: 'ana@example.org',
  phoneNumber: '5512345678',
};

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldMessages(result.error.issues);
};

describe('contact and membership forms', () => {
  it('accept a complete form and trim its values', () => {
    const result = ContactFormSchema.parse({ ...valid, fullName: '  Ana Pérez  ' });
    expect(result.fullName).toBe('Ana Pérez');
  });

  it('require every field with the spec message', () => {
    expect(errorsOf(ContactFormSchema, {})).toEqual({
      fullName: messages.required,
      company: messages.required,
      position: messages.required,
      email: messages.required,
      phoneNumber: messages.required,
    });
    expect(messages.required).toBe('Este campo es requerido');
  });

  it('treat blank text as missing', () => {
    expect(errorsOf(ContactFormSchema, { ...valid, company: '   ' })).toEqual({
      company: 'Este campo es requerido',
    });
  });

  it.each(['ana', 'ana@', '@example.org', 'ana@@example.org', 'ana example@example.org', 'ana@-example.org'])(
    'reject the address %s with the format message',
    (email) => {
      expect(errorsOf(ContactFormSchema, { ...valid, email })).toEqual({
        email: 'El campo no cumple con el formato valido de correo',
      });
    },
  );

  it.each([
    'ana?cc=x@example.org',
    'ana&x@example.org',
    'ana=x@example.org',
    'ana%40x@example.org',
    'a#b@example.org',
  ])('reject %s, whose characters would change a mailto: link', (email) => {
    expect(errorsOf(ContactFormSchema, { ...valid, email }).email).toBe(messages.emailFormat);
  });

  it("accept the other characters an address may have (+ . ' _ -)", () => {
    expect(errorsOf(ContactFormSchema, { ...valid, email: "o'neil.ana+sol_1-x@example.org" })).toEqual({});
  });

  it('accept 64 characters before the @ and refuse 65', () => {
    const domain = '@example.org';
    expect(errorsOf(ContactFormSchema, { ...valid, email: 'a'.repeat(64) + domain })).toEqual({});
    expect(errorsOf(ContactFormSchema, { ...valid, email: 'a'.repeat(65) + domain }).email).toBe(
      messages.emailFormat,
    );
  });

  it('accept 254 characters in all and refuse 255', () => {
    const label = 'b'.repeat(60);
    const at254 = `${'a'.repeat(60)}@${label}.${label}.${label}.${'c'.repeat(254 - 61 - 3 * 61)}`;
    expect(at254).toHaveLength(254);
    expect(errorsOf(ContactFormSchema, { ...valid, email: at254 })).toEqual({});
    const at255 = at254.replace('@', 'a@');
    expect(at255).toHaveLength(255);
    expect(errorsOf(ContactFormSchema, { ...valid, email: at255 }).email).toBe(messages.emailFormat);
  });

  it.each([
    ['123456789', false],
    ['1234567890', true],
    ['12345678901', false],
    ['55 1234 5678', false],
    ['55-12345678', false],
    ['abcdefghij', false],
  ])('phone %s valid: %s', (phoneNumber, ok) => {
    const fields = errorsOf(ContactFormSchema, { ...valid, phoneNumber });
    expect(fields).toEqual(ok ? {} : { phoneNumber: 'El campo solo admite 10 numeros' });
  });

  it('require a membership type in the membership form', () => {
    expect(errorsOf(MembershipFormSchema, valid)).toEqual({ memberships: messages.membershipType });
    for (const memberships of ['Individual', 'Corporativa', 'Estudiantil']) {
      expect(errorsOf(MembershipFormSchema, { ...valid, memberships })).toEqual({});
    }
    expect(errorsOf(MembershipFormSchema, { ...valid, memberships: 'Premium' })).toEqual({
      memberships: messages.membershipType,
    });
  });

  it('reject unknown fields', () => {
    expect(errorsOf(ContactFormSchema, { ...valid, isAdmin: true })).toEqual({
      isAdmin: messages.unknownField,
    });
  });

  it('bound every text field', () => {
    expect(errorsOf(ContactFormSchema, { ...valid, fullName: 'x'.repeat(121) })).toEqual({
      fullName: messages.maxLength(120),
    });
  });

  it('wrap the request under data', () => {
    expect(ContactBodySchema.safeParse({ data: { ...valid, memberships: 'Individual' } }).success).toBe(true);
    expect(ContactBodySchema.safeParse(valid).success).toBe(false);
  });
});

describe('content entities', () => {
  const event = {
    name: 'Taller',
    location: 'CDMX',
    date: '8 de marzo',
    eventDate: '2026-03-08T11:00:00-06:00',
    description: 'Descripción',
    images: ['/demo/events/event-1.svg'],
    imageCover: ['https://example.org/cover.webp'],
    linkEvent: 'https://example.org/evento',
  };

  it('normalise the event date to UTC', () => {
    expect(EventInputSchema.parse(event).eventDate).toBe('2026-03-08T17:00:00.000Z');
  });

  it('refuse dates without a zone, unsafe image URLs and non-https links', () => {
    const fields = errorsOf(EventInputSchema, {
      ...event,
      eventDate: '2026-03-08 11:00',
      images: ['javascript:alert(1)', '//evil.example/x.png'],
      linkEvent: 'http://example.org',
    });
    expect(fields).toEqual({
      eventDate: messages.isoDate,
      'images.0': messages.url,
      'images.1': messages.url,
      linkEvent: messages.httpsUrl,
    });
  });

  it('let a partner have no link', () => {
    expect(PartnerInputSchema.parse({ name: 'Ana', job: 'Ingeniera', images: [] }).link).toBeUndefined();
    expect(
      PartnerInputSchema.parse({ name: 'Ana', job: 'Ingeniera', images: [], link: '' }).link,
    ).toBeUndefined();
  });
});

describe('excerpts', () => {
  it('cut to the length and add three dots', () => {
    expect(excerpt('a'.repeat(250), 200)).toBe('a'.repeat(200) + '...');
    expect(excerpt('corto', 100)).toBe('corto...');
  });
});
