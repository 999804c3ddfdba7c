import type { Queryable } from '../db';
import { m001Initial } from './001-initial';
import { m002Applications } from './002-applications';
import { m003IdempotencyClaim } from './003-idempotency-claim';
import { m004OtpSessionContext } from './004-otp-session-context';
import { m005CoApplicants } from './005-co-applicants';
import { m006FamilyMembers } from './006-family-members';
import { m007KeyEscrow } from './007-key-escrow';
import { m008PublicApplications } from './008-public-applications';
import { m009PartnerRequests } from './009-partner-requests';
import { m010AadhaarPurge } from './010-aadhaar-purge';
import { m012FileStore } from './012-file-store';
import { m013PhotoIntegrity } from './013-photo-integrity';
import { m014Branches } from './014-branches';
import { m015AccessLog } from './015-access-log';
import { m016AadhaarAnyForm } from './016-aadhaar-any-form';
import { m017ChangeFeed } from './017-change-feed';
import { m018ListIndexes } from './018-list-indexes';
import { m019PhotoHashChunks } from './019-photo-hash-chunks';
import { m020ChangeFeedScopeIndex } from './020-change-feed-scope-index';
import { m022NameWords } from './022-name-words';
import { m021ChangeNumbersAtCommit } from './021-change-numbers-at-commit';

/** Ordered; append only, never edit an applied migration. */
export const MIGRATIONS: readonly { id: string; sql: string; run?: (q: Queryable) => Promise<void> }[] = [
  m001Initial,
  m002Applications,
  m003IdempotencyClaim,
  m004OtpSessionContext,
  m005CoApplicants,
  m006FamilyMembers,
  m007KeyEscrow,
  m008PublicApplications,
  m009PartnerRequests,
  m010AadhaarPurge,
  m012FileStore,
  m013PhotoIntegrity,
  m014Branches,
  m015AccessLog,
  m016AadhaarAnyForm,
  m017ChangeFeed,
  m018ListIndexes,
  m019PhotoHashChunks,
  m020ChangeFeedScopeIndex,
  m021ChangeNumbersAtCommit,
  m022NameWords,
];
