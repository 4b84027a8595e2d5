import type { AuthProvider } from 'react-admin';
import type { LoginResult, Me } from '../../shared/account-schemas.ts';
import { apiPaths } from '../../shared/api-paths.ts';
import { apiMessages } from '../../shared/messages.ts';
import { ApiRequestError, getJson, sendJson } from '../api/client.ts';

export const SESSION_EXPIRED_MESSAGE = apiMessages.sessionExpired;

// The server tells an expired session (its cookie came back unknown) from never having had one; the
// login page shows the notice only then. The mark lives in sessionStorage until the next login.
const EXPIRED = 'admin:session-expired';
const EXPIRED_CODE = 'SESSION_EXPIRED';

const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

function noteIfExpired(code: string | undefined) {
  if (code === EXPIRED_CODE) storage()?.setItem(EXPIRED, '1');
}

/** True after the server said the session expired, until the next login. */
export function sessionExpired(): boolean {
  return storage()?.getItem(EXPIRED) === '1';
}

/** Thrown by `login` when the password was right and the account asks for a code next. */
export class SecondFactorNeeded extends Error {
  constructor() {
    super('Escribe el código de tu aplicación de autenticación.');
    this.name = 'SecondFactorNeeded';
  }
}

/** Thrown by `login` when the code step came too late: the password must be typed again. */
export class LoginStepExpired extends Error {}

export interface LoginParams {
  username?: string;
  password?: string;
  /** The second step: a code from the app or a recovery code. */
  code?: string;
}

export interface AdminIdentity {
  id: string;
  fullName: string;
  secondFactorEnabled: boolean;
  secondFactorRequired: boolean;
}

async function send<T>(path: string, payload: unknown): Promise<T> {
  try {
    return await sendJson<T>('POST', path, payload);
  } catch (error) {
    if (error instanceof ApiRequestError) {
      if (error.body?.error.code === 'LOGIN_EXPIRED') throw new LoginStepExpired(error.message);
      throw new Error(error.message);
    }
    throw new Error('No hay conexión con el servidor. Inténtalo de nuevo.');
  }
}

/** Sessions are the server's (a cookie); this only asks it and reacts to its 401s. */
export const authProvider: AuthProvider = {
  async login({ username, password, code }: LoginParams) {
    if (code !== undefined) {
      await send(apiPaths.loginSecondFactor, { code });
    } else {
      const answer = await send<{ data: LoginResult }>(apiPaths.login, { email: username, password });
      if (answer.data.secondFactorRequired) throw new SecondFactorNeeded();
    }
    storage()?.removeItem(EXPIRED);
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
      await getJson<{ data: Me }>(apiPaths.me);
    } catch (error) {
      if (error instanceof ApiRequestError) noteIfExpired(error.body?.error.code);
      throw { message: false };
    }
  },

  async checkError(error: { status?: number; body?: { code?: string } }) {
    if (error?.status === 401) {
      noteIfExpired(error.body?.code);
      throw { message: false, logoutUser: true };
    }
  },

  async getIdentity(): Promise<AdminIdentity> {
    const { data } = await getJson<{ data: Me }>(apiPaths.me).catch((error: unknown) => {
      // The identity is often what meets the 401 first (a refresh asks for it with the page's data).
      if (error instanceof ApiRequestError) noteIfExpired(error.body?.error.code);
      throw error;
    });
    return {
      id: data.id,
      fullName: data.email,
      secondFactorEnabled: data.secondFactorEnabled,
      secondFactorRequired: data.secondFactorRequired,
    };
  },
};
