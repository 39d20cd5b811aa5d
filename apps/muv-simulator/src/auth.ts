import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Lifetime of a simulator token, in seconds (1 h). */
export const TOKEN_TTL_SECONDS = 3600;

/** The `clave` that always fails to log in, so tests can drive a failed login. */
export const INVALID_TEST_CLAVE = 'clave-invalida';

/** The only error text the real login is known to give (§1.3, verbatim). */
export const LOGIN_ERROR_TEXT = 'Sus Credenciales de Usuario no son validas';

const ISSUER = 'FVE.WebAPILocal';

/** Who a token was issued to. */
export type TTokenClaims = { tipo: string; numero: string; nit: string };

/** `UserLoginResponseDTO` (camelCase, always HTTP 200; §1.3). */
export type TLoginResponse = {
  token: string | null;
  login: boolean;
  registrado: boolean;
  errors: string[] | null;
};

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function readString(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Issues and verifies the simulator's HS256 bearer tokens (jose). The secret is random per
 * instance unless given, so tokens from a previous run are rejected like expired ones.
 */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string | undefined,
    private readonly now: () => Date,
  ) {
    this.key = secret ? new TextEncoder().encode(secret) : new Uint8Array(randomBytes(32));
  }

  /**
   * Answers a `UsuarioSISPRO` login body (§1.3). Fails (login:false) when
   * `persona.identificacion.numero`, `clave` or `nit` is missing/empty, or when `clave` is
   * `clave-invalida`; otherwise returns a token carrying `numero` and `nit`, valid 1 h.
   * The body must already be known to be a JSON object.
   */
  async login(body: Record<string, unknown>): Promise<TLoginResponse> {
    const identificacion = asRecord(asRecord(body.persona).identificacion);
    const numero = readString(identificacion.numero);
    const tipo = readString(identificacion.tipo);
    const clave = typeof body.clave === 'string' ? body.clave : '';
    const nit = readString(body.nit);
    if (!numero || !clave || !nit || clave === INVALID_TEST_CLAVE) {
      return { token: null, login: false, registrado: false, errors: [LOGIN_ERROR_TEXT] };
    }
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const token = await new SignJWT({ tipo, numero, nit })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(numero)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS)
      .sign(this.key);
    return { token, login: true, registrado: true, errors: null };
  }

  /**
   * Verifies an `Authorization` header value (`Bearer <jwt>`).
   * @returns the claims, or `null` when the header is missing, malformed, forged or expired.
   */
  async verifyAuthorization(header: string | undefined): Promise<TTokenClaims | null> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!match?.[1]) return null;
    try {
      const { payload } = await jwtVerify(match[1], this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: this.now(),
      });
      if (typeof payload.numero !== 'string' || typeof payload.nit !== 'string') return null;
      return {
        tipo: typeof payload.tipo === 'string' ? payload.tipo : '',
        numero: payload.numero,
        nit: payload.nit,
      };
    } catch {
      return null;
    }
  }
}
