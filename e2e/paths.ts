import { join } from 'node:path';

/** Scratch space of one end-to-end run (database, received mail); cleared when the server starts. */
export const E2E_DIR = join(process.cwd(), '.e2e-tmp');
export const MAILBOX_DIR = join(E2E_DIR, 'mailbox');
export const E2E_ADMIN = { email: 'admin@example.org', password: 'contraseña-de-pruebas-e2e' };
