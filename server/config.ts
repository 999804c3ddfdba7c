import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { type FileStoreSettings, fileStoreSettings } from './storage/open-file-store';

export type ServerConfig = {
  /** Built PWA directory served as static files. */
  distDir: string;
  sandboxOtp: string;
  tokenTtlS: number;
  /** Lifetime of a public visitor's guest token (GUEST_TOKEN_TTL_S); a returning visitor verifies the mobile again. */
  guestTokenTtlS: number;
  otpTtlS: number;
  maxUploadMb: number;
  fileUrlSecret: string;
  fileUrlTtlS: number;
  /**
   * How many trusted proxies sit in front (TRUST_PROXY=N; `true` is one): x-forwarded-* are read only then, and the
   * client's address is the one N hops from the right of x-forwarded-for (server/services/client-ip.ts).
   */
  trustProxy: boolean | number;
  otpMaxPerMobile: number;
  otpMaxPerIp: number;
  otpWindowS: number;
  otpMaxWrongTries: number;
  /** Calls that need no token, counted per address over `publicWindowS` (server/services/public-action-limit.ts). */
  publicWindowS: number;
  joinUsUploadsPerIp: number;
  joinUsRequestsPerIp: number;
  trackPerIp: number;
  uploadChunkSize: number;
  /**
   * An Idempotency-Key claim still `in_progress` after this long is taken to belong to a process that died
   * and may be taken over by a retry. A request still running past it could have its effect doubled.
   */
  idempotencyStaleClaimMs: number;
  /** Injectable clock (tests move time forward). */
  now: () => Date;
};

export function makeConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    distDir: resolve('dist'),
    sandboxOtp: '123456',
    tokenTtlS: 43_200,
    guestTokenTtlS: 7_200,
    otpTtlS: 600,
    maxUploadMb: 15,
    fileUrlSecret: randomBytes(32).toString('hex'),
    fileUrlTtlS: 300,
    trustProxy: false,
    otpMaxPerMobile: 5,
    otpMaxPerIp: 30,
    otpWindowS: 600,
    otpMaxWrongTries: 5,
    publicWindowS: 600,
    joinUsUploadsPerIp: 20,
    joinUsRequestsPerIp: 5,
    trackPerIp: 30,
    uploadChunkSize: 1024 * 1024,
    idempotencyStaleClaimMs: 5 * 60 * 1000,
    now: () => new Date(),
    ...overrides,
  };
}

const intEnv = (v: string | undefined, d: number) => {
  const n = v === undefined || v === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) && n > 0 ? n : d;
};

export type EnvSettings = {
  port: number;
  dataDir: string;
  fileStoreDir: string;
  /** Where uploads live (server/storage/open-file-store.ts): FILE_STORE_URL, else the database or the directory. */
  fileStore: FileStoreSettings;
  databaseUrl: string | undefined;
  config: ServerConfig;
};

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): EnvSettings {
  const dataDir = resolve(env.DATA_DIR || '.data');
  const fileStoreDir = resolve(env.FILE_STORE_DIR || `${dataDir}/files`);
  return {
    port: intEnv(env.PORT, 4173),
    dataDir,
    fileStoreDir,
    fileStore: fileStoreSettings(env, fileStoreDir),
    databaseUrl: env.DATABASE_URL || undefined,
    config: makeConfig({
      distDir: resolve(env.DIST_DIR || 'dist'),
      sandboxOtp: env.SANDBOX_OTP && /^\d{6}$/.test(env.SANDBOX_OTP) ? env.SANDBOX_OTP : '123456',
      tokenTtlS: intEnv(env.TOKEN_TTL_S, 43_200),
      guestTokenTtlS: intEnv(env.GUEST_TOKEN_TTL_S, 7_200),
      maxUploadMb: intEnv(env.MAX_UPLOAD_MB, 15),
      fileUrlSecret: env.FILE_URL_SECRET || randomBytes(32).toString('hex'),
      trustProxy: env.TRUST_PROXY === 'true' ? 1 : /^\d{1,2}$/.test(env.TRUST_PROXY ?? '') ? Number(env.TRUST_PROXY) : 0,
      // One address sending for many phones (a branch behind one NAT, or the e2e run's browser) may need more.
      otpMaxPerIp: intEnv(env.OTP_MAX_PER_IP, 30),
      // The e2e run signs the same seeded staff member in dozens of times in ten minutes, as no officer does.
      otpMaxPerMobile: intEnv(env.OTP_MAX_PER_MOBILE, 5),
    }),
  };
}
