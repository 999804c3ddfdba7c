import { m001Initial } from './001-initial';
import { m002Applications } from './002-applications';
import { m003IdempotencyClaim } from './003-idempotency-claim';

/** Ordered; append only, never edit an applied migration. */
export const MIGRATIONS: readonly { id: string; sql: string }[] = [m001Initial, m002Applications, m003IdempotencyClaim];
