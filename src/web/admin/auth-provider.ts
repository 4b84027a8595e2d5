import type { AuthProvider } from 'react-admin';
import { apiPaths } from '../../shared/api-paths.ts';
import { ApiRequestError, getJson, sendJson } from '../api/client.ts';

export const SESSION_EXPIRED_MESSAGE = 'Tu sesión expiró. Inicia sesión de nuevo para continuar.';

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
  },

  async logout() {
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
      throw { message: false };
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      throw { message: SESSION_EXPIRED_MESSAGE, logoutUser: true };
    }
  },

  async getIdentity() {
    const { data } = await getJson<Me>(apiPaths.me);
    return { id: data.id, fullName: data.email };
  },
};
