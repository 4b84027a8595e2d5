import type { AuthProvider } from 'react-admin';
import { apiPaths } from '../../shared/api-paths.ts';
import { ApiRequestError, getJson, sendJson } from '../api/client.ts';

export const SESSION_EXPIRED_MESSAGE = 'Tu sesión expiró. Inicia sesión de nuevo para continuar.';

// A session that ends without a logout has expired (or was revoked): the login page says so. The
// marks live in sessionStorage, so a new visit starts clean.
const HAD_SESSION = 'admin:had-session';
const EXPIRED = 'admin:session-expired';

const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

function noteLostSession() {
  if (storage()?.getItem(HAD_SESSION)) storage()?.setItem(EXPIRED, '1');
  storage()?.removeItem(HAD_SESSION);
}

/** True after a session was lost, until the next login (the login page may mount more than once). */
export function sessionExpired(): boolean {
  return storage()?.getItem(EXPIRED) === '1';
}

interface Me {
  data: { id: string; email: string };
}

/** Sessions are the server's (a cookie); this only asks it and reacts to its 401s. */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    try {
      await sendJson('POST', apiPaths.login, { email: username, password });
    } catch (error) {
      if (error instanceof ApiRequestError) throw new Error(error.message);
      throw new Error('No hay conexión con el servidor. Inténtalo de nuevo.');
    }
    storage()?.setItem(HAD_SESSION, '1');
    storage()?.removeItem(EXPIRED);
  },

  async logout() {
    storage()?.removeItem(HAD_SESSION);
    try {
      await sendJson('POST', apiPaths.logout);
    } catch {
      // The session may already be gone; the login page is where we go either way.
    }
  },

  async checkAuth() {
    try {
      await getJson<Me>(apiPaths.me);
    } catch {
      noteLostSession();
      throw { message: false };
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      noteLostSession();
      throw { message: false, logoutUser: true };
    }
  },

  async getIdentity() {
    const { data } = await getJson<Me>(apiPaths.me);
    storage()?.setItem(HAD_SESSION, '1');
    return { id: data.id, fullName: data.email };
  },
};
