import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendAxeCheck, readAxeRecord, recordedPath } from './axe-record.ts';

const dir = mkdtempSync(join(tmpdir(), 'axe-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the record of the automatic accessibility checks', () => {
  it('is null without a file, or with nothing valid in it', () => {
    expect(readAxeRecord(join(dir, 'none.jsonl'))).toBeNull();
    const broken = join(dir, 'broken.jsonl');
    writeFileSync(broken, '{"at":"2026-12-01T10:00:00Z"\nnot json\n');
    expect(readAxeRecord(broken)).toBeNull();
  });

  it('keeps the last run: its newest instant and the pages checked in the two hours before it', () => {
    const file = join(dir, 'runs', 'axe.jsonl');
    appendAxeCheck('/Inicio', new Date('2026-12-01T10:00:00Z'), file);
    appendAxeCheck('/Viejo', new Date('2026-12-01T10:05:00Z'), file);
    appendAxeCheck('/Membresias', new Date('2026-12-03T09:00:00Z'), file);
    appendAxeCheck('/Inicio', new Date('2026-12-03T09:30:00Z'), file);
    appendAxeCheck('/Inicio', new Date('2026-12-03T09:40:00Z'), file);
    expect(readAxeRecord(file)).toEqual({
      checkedAt: '2026-12-03T09:40:00.000Z',
      pages: ['/Inicio', '/Membresias'],
    });
  });

  it('keeps routes only: never a mail link’s token, nor the name of an entry the tests made', () => {
    expect(recordedPath('/Registro/abcDEF123_-xyz')).toBe('/Registro/:token');
    expect(recordedPath('/Boletin/confirmar/abc123')).toBe('/Boletin/confirmar/:token');
    expect(recordedPath('/Socia/abcdef1234567890abcd')).toBe('/Socia/:token');
    expect(recordedPath('/Socia/invitacion/abcdef')).toBe('/Socia/invitacion/:token');
    expect(recordedPath('/Eventos/taller-solar')).toBe('/Eventos/:slug');
    expect(recordedPath('/Noticias/becas-2027')).toBe('/Noticias/:slug');
    expect(recordedPath('/Constancias/C-9S3ABC')).toBe('/Constancias/:folio');
    expect(recordedPath('/Socia')).toBe('/Socia');
  });
});
