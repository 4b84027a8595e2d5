import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../src/server/test/smtp-peer.ts';
import { describeSmtpUrl } from './send-plain-mail.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `node scripts/mail-test.ts ARGS` as `npm run mail:test -- ARGS` runs it; never throws. */
function mailTest(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/mail-test.ts', ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('npm run mail:test -- ADDRESS', () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  beforeEach(() => {
    peer.setFault(null);
    peer.clear();
  });
  afterAll(() => peer?.stop());

  const settings = () => ({ SMTP_URL: peer.url, MAIL_FROM: 'Sitio de prueba <no-responder@example.org>' });

  it('sends one plain Spanish message to the address and prints what the SMTP server answered', async () => {
    const run = await mailTest(['voluntaria@example.org'], settings());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [message] = await peer.waitForMessages(1);
    expect(message!.envelope).toEqual({ from: 'no-responder@example.org', to: ['voluntaria@example.org'] });
    expect(message!.subject).toBe('Prueba de correo del sitio');
    expect(message!.text).toContain('el correo saliente funciona');
    expect(message!.headers.get('content-type')).toMatchObject({ value: 'text/plain' });
    expect(run.stdout).toContain(`por 127.0.0.1:${peer.port}, smtp`);
    expect(run.stdout).toMatch(/El servidor de correo aceptó el mensaje: 250 /);
    expect(run.stdout).toContain(`Message-ID: ${message!.messageId}`);
  });

  it('says SMTP_URL is missing, and exits with 1, when it is unset', async () => {
    const run = await mailTest(['voluntaria@example.org'], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^SMTP_URL no está definida/);
  });

  it('asks for an address when none or a wrong one is given', async () => {
    const runs = await Promise.all([[], ['no-es-una-direccion']].map((args) => mailTest(args, settings())));
    for (const run of runs) {
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^Uso: npm run mail:test -- DIRECCIÓN/);
    }
    expect(peer.attempts).toBe(0);
  });

  it("prints the SMTP server's refusal, and exits with 1, when it refuses the message", async () => {
    peer.setFault('reject');
    const run = await mailTest(['voluntaria@example.org'], settings());
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /No se pudo enviar el mensaje de prueba: \[EMESSAGE 550\] 550 5\.7\.1 Message rejected/,
    );
  });

  it('says which server it could not reach, with a hint, when nothing answers', async () => {
    await peer.down();
    try {
      const run = await mailTest(['voluntaria@example.org'], settings());
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/\[ESOCKET\]|\[ECONNECTION\]/);
      expect(run.stderr).toContain('revisa el nombre y el puerto de SMTP_URL');
    } finally {
      await peer.up();
    }
  });

  it('reads percent-encoded credentials in SMTP_URL, and never prints the password', () => {
    const shown = describeSmtpUrl('smtps://ana%40example.org:p%40ss%23word@smtp.example.org');
    expect(shown).toBe('smtp.example.org:465, TLS desde el inicio (smtps), como el usuario ana@example.org');
    expect(shown).not.toMatch(/p%40ss|p@ss/);
  });
});
