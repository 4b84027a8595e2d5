import { describe, expect, it } from 'vitest';
import { catalogueProvider } from './i18n-provider.ts';
import { spanishMessages } from './i18n-es.ts';

describe("the admin's catalogue", () => {
  const { translate } = catalogueProvider(spanishMessages);

  it('finds nested keys', () => {
    expect(translate('ra.action.save')).toBe('Guardar');
  });

  it('fills placeholders and leaves unknown ones as they are', () => {
    expect(translate('ra.action.create_item', { item: 'evento' })).toBe('Crear evento');
    expect(translate('ra.action.create_item')).toBe('Crear %{item}');
  });

  it('chooses the Spanish plural form from smart_count', () => {
    expect(translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 elemento seleccionado');
    expect(translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 elementos seleccionados');
    expect(translate('ra.action.bulk_actions', { smart_count: 0 })).toBe('0 elementos seleccionados');
  });

  it('keeps a label given as text rather than the English default it comes with', () => {
    // react-admin's user menu asks for its label with "Profile" as the default on small screens.
    expect(translate('Cuenta de ana@example.org', { _: 'Profile' })).toBe('Cuenta de ana@example.org');
  });

  it('falls back to the default text, then to the key itself', () => {
    expect(translate('resources.events.fields.name', { _: 'Nombre' })).toBe('Nombre');
    expect(translate('custom.%{n}.key', { n: 2 })).toBe('custom.2.key');
    expect(translate('ra.action')).toBe('ra.action');
  });

  it('leaves the full stop of the not-found page to react-admin, which adds one', () => {
    expect(translate('ra.message.not_found')).toBe('La dirección no existe o el enlace es incorrecto');
  });
});
