import { Hono } from 'hono';
import type { AppEnv, Deps } from './app-env';
import type { ServerConfig } from './config';
import type { Db } from './db/db';
import { consoleLogger, type Logger } from './logger';
import { accessLog } from './middleware/access-log';
import { apiNotFound, onError } from './middleware/error-handler';
import { type FaultInjector, faultInjection, handlerStage } from './middleware/fault-injection';
import { boundedBody } from './middleware/body-size';
import { idempotency, writeRouteMatcher } from './middleware/idempotency';
import { requestId } from './middleware/request-id';
import { securityHeaders } from './middleware/security-headers';
import { resolveSession } from './middleware/session';
import { resolveTenant } from './middleware/tenant';
import { accessLogRoutes } from './routes/access-log';
import { applicationRoutes } from './routes/applications';
import { applyLoanFileRoutes } from './routes/apply-loan-files';
import { authRoutes } from './routes/auth';
import { bankAccountRoutes } from './routes/bank-account';
import { bankingRoutes } from './routes/banking';
import { businessDetailRoutes } from './routes/business-details';
import { chunkedUploadRoutes } from './routes/chunked-uploads';
import { coApplicantRoutes } from './routes/co-applicants';
import { cpvRoutes } from './routes/cpv';
import { employmentRoutes } from './routes/employment';
import { familyMemberRoutes } from './routes/family-members';
import { joinUsRoutes } from './routes/join-us';
import { consentWithdrawalRoutes } from './routes/consent-withdrawal';
import { historyRoutes } from './routes/history';
import { householdRoutes } from './routes/household';
import { kfsRoutes } from './routes/kfs';
import { fileRoutes } from './routes/files';
import { listRoutes } from './routes/lists';
import { loanOfferRoutes } from './routes/loan-offer';
import { mainHealthRoutes } from './routes/main-health';
import { publicOtpRoutes } from './routes/public-otp';
import { referenceRoutes } from './routes/references';
import { serveStatic } from './routes/static-pwa';
import { syncChangeRoutes } from './routes/sync-changes';
import { tenantConfigRoutes } from './routes/tenant-config';
import { trackRoutes } from './routes/track';
import { userRoutes } from './routes/user';
import { validationOtpRoutes } from './routes/validation-otp';
import { verificationRoutes } from './routes/verification';
import type { FileStore } from './storage/file-store';
import { authorityGate } from './middleware/authority-gate';

export type CreateAppInput = {
  db: Db;
  files: FileStore;
  config: ServerConfig;
  log?: Logger;
  /** Tests only (server/middleware/fault-injection.ts): dropped answers, 5xx/429 bursts, slow answers, kill before commit. */
  faults?: FaultInjector;
};

export function createApp(input: CreateAppInput): Hono<AppEnv> {
  const deps: Deps = { db: input.db, files: input.files, config: input.config, log: input.log ?? consoleLogger };
  const app = new Hono<AppEnv>();
  let writeRoutes: (method: string, path: string) => boolean = () => false;

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', requestId(), accessLog(), securityHeaders(), resolveTenant());
  if (input.faults) app.use('*', faultInjection(input.faults));
  app.use(
    '/api/*',
    boundedBody(deps.config),
    resolveSession(),
    idempotency(() => writeRoutes),
  );
  if (input.faults) app.use('/api/*', handlerStage());

  const main = new Hono<AppEnv>();
  main.use('*', authorityGate());
  main
    .route('/', mainHealthRoutes)
    .route('/', tenantConfigRoutes)
    .route('/', authRoutes)
    .route('/', publicOtpRoutes)
    .route('/', userRoutes)
    .route('/', listRoutes)
    .route('/', fileRoutes)
    .route('/', applyLoanFileRoutes)
    .route('/', joinUsRoutes)
    .route('/', trackRoutes)
    .route('/', chunkedUploadRoutes)
    .route('/', applicationRoutes)
    .route('/', accessLogRoutes)
    .route('/', coApplicantRoutes)
    .route('/', businessDetailRoutes)
    .route('/', bankAccountRoutes)
    .route('/', cpvRoutes)
    .route('/', referenceRoutes)
    .route('/', loanOfferRoutes)
    .route('/', kfsRoutes)
    .route('/', householdRoutes)
    .route('/', historyRoutes)
    .route('/', consentWithdrawalRoutes)
    .route('/', employmentRoutes)
    .route('/', familyMemberRoutes)
    .route('/', validationOtpRoutes)
    .route('/', syncChangeRoutes);

  app.route('/api/main', main);
  app.route('/api/verification', verificationRoutes);
  app.route('/api/banking', bankingRoutes);
  app.all('/api/*', apiNotFound);
  // Only a known write route keeps an idempotency row: a key sent to any other path is ignored.
  writeRoutes = writeRouteMatcher(app.routes);
  app.all('*', serveStatic);

  app.onError(onError);
  app.notFound(apiNotFound);
  return app;
}
