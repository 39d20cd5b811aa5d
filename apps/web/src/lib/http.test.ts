import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { HttpError, apiRequest, httpErrorMessage, refusalMessage, restoreSession } from './http';
import { USER_STORAGE_KEY, clearSession, getSession, setAuthenticated } from './session';

const USER = {
  id: 3,
  name: 'IPS Prueba',
  email: 'ips@prueba.co',
  tenant: { validator: 'VAL-3', database: 'db_3' },
  authType: 'manual' as const,
};
const LATER = () => new Date(Date.now() + 3_600_000).toISOString();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { url: string; init: RequestInit };
let calls: Call[];
let fetchMock: ReturnType<typeof vi.fn>;

function header(call: Call | undefined, name: string): string | undefined {
  const headers = (call?.init.headers ?? {}) as Record<string, string>;
  return headers[name];
}

/** Route fetch calls to `handler`, recording them. */
function stubFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
}

beforeEach(() => {
  calls = [];
  clearSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearSession();
});

describe('httpErrorMessage (seed 000 §8)', () => {
  it.each([
    [401, MSG.http401],
    [403, MSG.http403],
    [404, MSG.http404],
    [408, MSG.http408],
    [429, MSG.http429],
    [500, MSG.http500],
    [502, MSG.http5xx],
    [503, MSG.http5xx],
    [504, MSG.http5xx],
    [418, 'Error HTTP 418. Intente nuevamente'],
  ])('%i → %s', (status, text) => {
    expect(httpErrorMessage(status)).toBe(text);
  });

  it("prefers the server's message, error or title", () => {
    expect(httpErrorMessage(400, { message: 'Código incorrecto. Inténtalo de nuevo.' })).toBe(
      'Código incorrecto. Inténtalo de nuevo.',
    );
    expect(httpErrorMessage(500, { error: 'Falla X' })).toBe('Falla X');
    expect(httpErrorMessage(404, { title: 'No está' })).toBe('No está');
    expect(httpErrorMessage(404, { message: '   ' })).toBe(MSG.http404);
    expect(httpErrorMessage(503, '<html>')).toBe(MSG.http5xx);
  });
});

describe('apiRequest', () => {
  it('sends credentials, the client header and, when signed in, the auth headers', async () => {
    setAuthenticated(USER, { accessToken: 'tok-1', accessTokenExpiry: LATER() });
    stubFetch(() => json(200, { success: true, data: { ok: 1 } }));
    const envelope = await apiRequest<{ ok: number }>('/api/FevRips/search', {
      method: 'POST',
      body: { pageIndex: 1 },
    });
    expect(envelope.data).toEqual({ ok: 1 });
    const [call] = calls;
    expect(call?.init.credentials).toBe('include');
    expect(header(call, 'X-Radica-Client')).toBe('web');
    expect(header(call, 'Authorization')).toBe('Bearer tok-1');
    expect(header(call, 'X-Validator')).toBe('VAL-3');
    expect(header(call, 'Content-Type')).toBe('application/json');
    expect(call?.init.body).toBe(JSON.stringify({ pageIndex: 1 }));
  });

  it('does not send the auth headers to the sign-in calls', async () => {
    setAuthenticated(USER, { accessToken: 'tok-1', accessTokenExpiry: LATER() });
    stubFetch(() => json(200, { success: true, data: {} }));
    await apiRequest('/api/Auth/login', { method: 'POST', body: {} });
    expect(header(calls[0], 'Authorization')).toBeUndefined();
    expect(header(calls[0], 'X-Radica-Client')).toBe('web');
  });

  it('maps a network failure and an empty answer', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0, message: MSG.networkFailure });

    stubFetch(() => new Response('', { status: 200 }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ message: MSG.emptyResponse });
  });

  it('throws the server message, code and data of an error body', async () => {
    stubFetch(() =>
      json(422, {
        success: false,
        code: 'IDENTITY_MISMATCH',
        message: 'Número de Identificación No Coincide',
        data: { numeroIdentificacionArchivo: '1', numeroIdentificacionTercero: '2' },
      }),
    );
    const error = await apiRequest('/api/FevRips/subir-archivo', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 422,
      code: 'IDENTITY_MISMATCH',
      message: 'Número de Identificación No Coincide',
      data: { numeroIdentificacionArchivo: '1', numeroIdentificacionTercero: '2' },
    });
  });

  it('treats success:false in a 200 as an error', async () => {
    stubFetch(() => json(200, { success: false, message: 'No se pudo' }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ message: 'No se pudo' });
  });
});

describe('401 → refresh → retry (seed 000 §4)', () => {
  it('refreshes once and retries with the new token', async () => {
    setAuthenticated(USER, { accessToken: 'old', accessTokenExpiry: LATER() });
    stubFetch((url, init) => {
      if (url === '/api/Auth/refresh') {
        return json(200, {
          success: true,
          data: {
            accessToken: 'new',
            refreshToken: '',
            accessTokenExpiry: LATER(),
            refreshTokenExpiry: LATER(),
            tokenType: 'Bearer',
          },
        });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new'
        ? json(200, { success: true, data: { id: 1 } })
        : json(401, { success: false, message: 'Token expirado', code: 'UNAUTHORIZED' });
    });

    const envelope = await apiRequest<{ id: number }>('/api/FevRips/1/detail');
    expect(envelope.data).toEqual({ id: 1 });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/FevRips/1/detail',
      '/api/Auth/refresh',
      '/api/FevRips/1/detail',
    ]);
    const refreshCall = calls[1];
    expect(JSON.parse(String(refreshCall?.init.body))).toEqual({ validator: 'VAL-3' });
    expect(refreshCall?.init.credentials).toBe('include');
    expect(header(refreshCall, 'Authorization')).toBeUndefined();
    expect(header(calls[2], 'Authorization')).toBe('Bearer new');
    expect(getSession()).toMatchObject({ status: 'authenticated', accessToken: 'new' });
  });

  it('retries once when another tab won the refresh race (409 REFRESH_RACE)', async () => {
    setAuthenticated(USER, { accessToken: 'old', accessTokenExpiry: LATER() });
    let refreshes = 0;
    stubFetch(async (url, init) => {
      if (url === '/api/Auth/refresh') {
        refreshes += 1;
        if (refreshes === 1) return json(409, { success: false, message: 'carrera', code: 'REFRESH_RACE' });
        return json(200, {
          success: true,
          data: { accessToken: 'new', refreshToken: '', accessTokenExpiry: LATER(), refreshTokenExpiry: LATER(), tokenType: 'Bearer' },
        });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new'
        ? json(200, { success: true, data: url })
        : json(401, { success: false, message: 'x', code: 'UNAUTHORIZED' });
    });
    const res = await apiRequest('/api/a');
    expect(res.data).toBe('/api/a');
    expect(refreshes).toBe(2);
  });
});

describe('401 → refresh → retry: concurrent 401s, a failed refresh, the auth endpoints (seed 000 §4)', () => {
  it('shares one refresh between concurrent 401s', async () => {
    setAuthenticated(USER, { accessToken: 'old', accessTokenExpiry: LATER() });
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    stubFetch(async (url, init) => {
      if (url === '/api/Auth/refresh') {
        await refreshGate;
        return json(200, {
          success: true,
          data: {
            accessToken: 'new',
            refreshToken: '',
            accessTokenExpiry: LATER(),
            refreshTokenExpiry: LATER(),
            tokenType: 'Bearer',
          },
        });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new'
        ? json(200, { success: true, data: url })
        : json(401, { success: false, message: 'x', code: 'UNAUTHORIZED' });
    });

    const all = Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/api/Auth/refresh')).toHaveLength(1));
    releaseRefresh();
    const results = await all;
    expect(results.map((r) => r.data)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(calls.filter((c) => c.url === '/api/Auth/refresh')).toHaveLength(1);
  });

  it('expires the session when the refresh fails and goes to the login after 500 ms', async () => {
    setAuthenticated(USER, { accessToken: 'old', accessTokenExpiry: LATER() });
    stubFetch(() => json(401, { success: false, message: 'Sesión inválida', code: 'UNAUTHORIZED' }));

    const error = await apiRequest('/api/FevRips/1/detail').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: MSG.sessionExpired });
    expect(calls.map((c) => c.url)).toEqual(['/api/FevRips/1/detail', '/api/Auth/refresh']);
    expect(getSession()).toMatchObject({ status: 'expired', accessToken: null, user: null });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    await vi.waitFor(() => expect(getSession().status).toBe('unauthenticated'), { timeout: 2000 });
  });

  it('never refreshes for the auth endpoints themselves', async () => {
    setAuthenticated(USER, { accessToken: 'old', accessTokenExpiry: LATER() });
    stubFetch(() =>
      json(401, { success: false, message: 'Credenciales inválidas', code: 'INVALID_CREDENTIALS' }),
    );
    for (const path of [
      '/api/Auth/login',
      '/api/Auth/refresh',
      '/api/Auth/logout',
      '/api/Auth/registration',
    ]) {
      await expect(apiRequest(path, { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 401,
        message: 'Credenciales inválidas',
      });
    }
    expect(calls.map((c) => c.url)).toEqual([
      '/api/Auth/login',
      '/api/Auth/refresh',
      '/api/Auth/logout',
      '/api/Auth/registration',
    ]);
  });
});

describe('restoreSession (seed 000 §4 start-up)', () => {
  it('is signed out without a stored user and makes no call', async () => {
    stubFetch(() => json(500, {}));
    await restoreSession();
    expect(getSession().status).toBe('unauthenticated');
    expect(calls).toHaveLength(0);
  });

  it('exchanges the refresh cookie for an access token when a user is stored', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(USER));
    stubFetch(() =>
      json(200, {
        success: true,
        data: {
          accessToken: 'restored',
          refreshToken: '',
          accessTokenExpiry: LATER(),
          refreshTokenExpiry: LATER(),
          tokenType: 'Bearer',
        },
      }),
    );
    await restoreSession();
    expect(getSession()).toMatchObject({ status: 'authenticated', accessToken: 'restored', user: USER });
  });

  it('clears the stored user when the refresh fails', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(USER));
    stubFetch(() => json(401, { success: false, message: 'x', code: 'UNAUTHORIZED' }));
    await restoreSession();
    expect(getSession().status).toBe('unauthenticated');
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });
});

describe('a session an administrator ended: the login page says why', () => {
  const FACTURADOR = { ...USER, rol: 'facturador' as const };

  it('a lowered role: the refused refresh names the role now, and the session ends with that notice', async () => {
    setAuthenticated(FACTURADOR, { accessToken: 'old', accessTokenExpiry: LATER() });
    stubFetch((url) =>
      url === '/api/Auth/refresh'
        ? json(401, { success: false, message: MSG.refreshFailed, code: 'SESION_CERRADA', data: { rol: 'consulta' } })
        : json(401, { success: false, message: 'Sesión inválida', code: 'UNAUTHENTICATED' }),
    );
    await apiRequest('/api/FevRips/1/detail').catch(() => undefined);
    expect(getSession()).toMatchObject({ status: 'expired', endReason: 'expired', endMessage: MSG_USUARIOS.sesionRolCambiado('Consulta') });
    await vi.waitFor(() => expect(getSession()).toMatchObject({ status: 'unauthenticated', endMessage: MSG_USUARIOS.sesionRolCambiado('Consulta') }), { timeout: 2000 });
  });

  it('the same role (a logout elsewhere, a password change): the usual notice', async () => {
    setAuthenticated(FACTURADOR, { accessToken: 'old', accessTokenExpiry: LATER() });
    stubFetch((url) =>
      url === '/api/Auth/refresh'
        ? json(401, { success: false, message: MSG.refreshFailed, code: 'SESION_CERRADA', data: { rol: 'facturador' } })
        : json(401, { success: false, message: 'Sesión inválida', code: 'UNAUTHENTICATED' }),
    );
    await apiRequest('/api/FevRips/1/detail').catch(() => undefined);
    expect(getSession()).toMatchObject({ status: 'expired', endMessage: null });
  });

  it("a removal: the server's words, naming the company, also after a reload", async () => {
    const removed = MSG_USUARIOS.usuarioRetirado('IPS Prueba SAS');
    setAuthenticated(FACTURADOR, { accessToken: 'old', accessTokenExpiry: LATER() });
    stubFetch((url) =>
      url === '/api/Auth/refresh'
        ? json(403, { success: false, message: removed, code: 'USUARIO_RETIRADO' })
        : json(401, { success: false, message: 'Sesión inválida', code: 'UNAUTHENTICATED' }),
    );
    await apiRequest('/api/FevRips/1/detail').catch(() => undefined);
    expect(getSession()).toMatchObject({ status: 'expired', endMessage: removed });

    clearSession();
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(FACTURADOR));
    await restoreSession();
    expect(getSession()).toMatchObject({ status: 'unauthenticated', endReason: 'expired', endMessage: removed });
  });

  it('a reload after the role was lowered goes to the login with the notice, not to a bare login page', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...USER, rol: 'administrador' }));
    stubFetch(() => json(401, { success: false, message: MSG.refreshFailed, code: 'SESION_CERRADA', data: { rol: 'consulta' } }));
    await restoreSession();
    expect(getSession()).toMatchObject({ status: 'unauthenticated', endReason: 'expired', endMessage: MSG_USUARIOS.sesionRolCambiado('Consulta') });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('reads nothing into other refusals or an unknown role', () => {
    expect(refusalMessage(new HttpError(401, 'x', 'REFRESH_INVALID'), 'administrador')).toBeNull();
    expect(refusalMessage(new HttpError(401, 'x', 'SESION_CERRADA', { rol: 'superusuario' }), 'administrador')).toBeNull();
    expect(refusalMessage(new HttpError(401, 'x', 'SESION_CERRADA', { rol: 'administrador' }), 'consulta')).toBeNull();
    expect(refusalMessage(new HttpError(401, 'x', 'SESION_CERRADA', { rol: 'consulta' }), undefined)).toBeNull();
    expect(refusalMessage(new Error('x'), 'consulta')).toBeNull();
  });
});
