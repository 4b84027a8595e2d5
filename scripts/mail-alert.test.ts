import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../src/server/test/smtp-peer.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `journalctl … | node scripts/mail-alert.ts UNIT`, as sitio-alert@.service runs it; never throws. */
function mailAlert(unit: string, log: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/mail-alert.ts', unit], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(log);
  });
}

describe('the alert sent by sitio-alert@.service', () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  beforeEach(() => peer.clear());
  afterAll(() => peer?.stop());

  const log = [
    '2026-11-25T03:15:02+0000 servidor node[812]: No se pudo copiar /srv/sitio/data/site.db: disk I/O error',
    '2026-11-25T03:15:02+0000 servidor systemd[1]: sitio-backup.service: Failed with result exit-code.',
  ].join('\n');

  it("mails the unit's name and the end of its log to ALERT_TO through SMTP_URL", async () => {
    const run = await mailAlert('sitio-backup.service', log, {
      SMTP_URL: peer.url,
      MAIL_FROM: 'Sitio <no-responder@example.org>',
      MAIL_TO: 'contacto@example.org',
      ALERT_TO: 'voluntaria@example.org',
    });
    expect(run.output).toMatch(/^Aviso enviado a voluntaria@example\.org: 250 /);
    expect(run.code).toBe(0);
    const [message] = await peer.waitForMessages(1);
    expect(message!.envelope.to).toEqual(['voluntaria@example.org']);
    expect(message!.subject).toBe(`[${hostname()}] Falló sitio-backup.service`);
    expect(message!.text).toContain('journalctl --unit=sitio-backup.service --lines=200');
    expect(message!.text).toContain(log);
  });

  it('goes to MAIL_TO without ALERT_TO, and says when there was no log to read', async () => {
    const run = await mailAlert('sitio.service', '', {
      SMTP_URL: peer.url,
      MAIL_TO: 'contacto@example.org',
      ALERT_TO: '',
    });
    expect(run.code, run.output).toBe(0);
    const [message] = await peer.waitForMessages(1);
    expect(message!.envelope.to).toEqual(['contacto@example.org']);
    expect(message!.text).toContain(
      '(no se pudo leer el registro; en el servidor: journalctl --unit=sitio.service)',
    );
  });

  it('fails, saying so, when there is no SMTP_URL to send it with', async () => {
    const run = await mailAlert('sitio.service', log, {});
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      'SMTP_URL no está definida: no se puede avisar por correo que falló sitio.service.',
    );
  });
});
