// "needs you", one list of what the server decided about the officer's field work (and what the phone still
// holds back), each with the tap that fixes it. Pure: fed by the phone's copy of the applications (with the checks'
// answers written back by src/app/result-handlers.ts), the outbox and the officer's acknowledgements, so it survives
// restarts and an item clears by itself when its cause is gone.
import type { ProductRole } from '../../contracts/roles';
import { type GateParty, partyBlockers } from '../../contracts/sanction-gate';
import { msg } from '../../contracts/msg';
import type { FeedConflicts } from '../db/feed-conflicts';
import { gatesOf } from '../db/outbox-gates';
import type { OutboxOp } from '../db/types';
import { t } from '../i18n';
import { conflictItems } from './conflict-items';
import { deviationNeeds, mismatchText } from './needs-you-deviations';
import { type DeviationItem, type deviationItems, STATUS_TEXT } from './deviation-items';
import { stagesOf } from './find-application';
import type { AppVerificationData, CheckedField } from './verification-state';
import type { RoutePath } from '../lib/route-path';
import type { Stage } from '../session/flow-context';
import { localize } from '../../contracts/msg-template';

export type NeedsYouKind =
  | 'check-failed'
  | 'step-refused'
  | 'name-mismatch'
  | 'deviation-pending'
  | 'deviation-rejected'
  | 'bureau-rejected'
  | 'unsent-old'
  | 'mobile-unverified'
  | 'party-blocked'
  | 'sync-conflict';
/** The screen a fix opens: a stage of the application, its deviations, or the sync center. */
export type FixScreen = Stage | 'deviations' | '/sync';
/**
 * Where the fix is: a screen of the application (path under /application) or the sync center. `field`: the form field
 * to correct there (its react-hook-form name, or the id of its check row), which gets the focus when the fix is shown
 * on that very screen, where a link would go nowhere.
 */
export type NeedsYouFix = { label: string; to: FixScreen; appId?: string; field?: string };
export type NeedsYouItem = {
  key: string;
  kind: NeedsYouKind;
  appId: string | null;
  /** Whose application: the borrower's name and mobile as the phone knows them. */
  who: string;
  what: string;
  fix: NeedsYouFix;
  /** Waiting for someone else (the review role): shown, but not counted as needing the officer. */
  waiting: boolean;
  deviation?: DeviationItem;
};

export type AppData = AppVerificationData &
  Parameters<typeof deviationItems>[0] & {
    phone?: string;
    is_phone_verified?: boolean;
    stages?: unknown;
    status?: string;
    sanctioned?: unknown;
    borrower_submitted_at?: unknown;
    approval_checks?: { decision?: string; reasons?: unknown };
    loan_type?: string;
    co_parties?: readonly GateParty[];
  };
/** An application and, when the phone holds them, its co-applicants (their deviations live on their records). */
export type NeedsYouApp = { id: string; data: unknown; coApplicants?: readonly CoRecord[] };
export type CoRecord = NonNullable<Parameters<typeof deviationItems>[1]>[number];
export type NeedsYouInput = {
  apps: readonly NeedsYouApp[];
  /** The outbox without its done ops. */
  ops: readonly OutboxOp[];
  /** Deviations the officer chose to continue with, by deviationAckKey. */
  acks: Readonly<Record<string, number>>;
  /** Applications with a form draft on this phone (unfinished work). */
  draftAppIds: ReadonlySet<string>;
  /** Server changes the queued work cannot go on top of, as the last pull found them. */
  conflicts?: FeedConflicts;
  now: number;
  /**
   * Whose list this is. The officer's fixes (correct a name, a PAN, continue with a deviation) are the initiating
   * officer's; the review role is asked to decide pending deviations, the verification role sees them waiting.
   */
  role?: ProductRole | null;
};

export const DAY_MS = 24 * 60 * 60 * 1000;
export const NEEDS_YOU_ACKS_META = 'needs-you-acks';
export const UNSENT_TEXT = msg('Not sent for more than a day: connect to a network and sync');
export const MOBILE_UNVERIFIED_TEXT = msg("Mobile number not verified: the OTP needs the network and the borrower's phone");
export const REJECTED_TEXT = msg('Application Rejected!');

const CHECK_LABEL: Record<CheckedField, string> = { pan: msg('PAN'), voter_id: msg('Voter ID'), account_number: msg('Bank account') };
const CHECK_KIND: Record<CheckedField, string> = { pan: 'verify.pan', voter_id: 'verify.voter_id', account_number: 'verify.bank' };
const CHECK_FIX: Record<CheckedField, NeedsYouFix> = {
  pan: { label: msg('Correct the PAN'), to: 'mobile', field: 'pan' },
  voter_id: { label: msg('Correct the voter ID'), to: 'mobile', field: 'voter_id' },
  account_number: { label: msg('Correct the bank account'), to: 'bank-account-details', field: 'account_number' },
};
/** The screen that sends each step, for a refused one. */
const STEP_SCREEN: Partial<Record<string, Stage>> = {
  'application.borrower': 'mobile',
  'application.kyc': 'kyc',
  'application.business': 'business',
  'application.bank-account': 'bank-account-details',
  'application.employment': 'employment',
  'application.cpv': 'cpv-info',
  'application.references': 'references',
  'co-applicant.save': 'co-applicants',
  'family-member.save': 'family-details',
};

/** The route path of a fix's screen. */
export const fixPath = (fix: NeedsYouFix): RoutePath => (fix.to === '/sync' ? fix.to : `/application/${fix.to}`);

/** The fix's screen is the one open (path and application): its field is focused, or, with none, the officer is there. */
export const fixIsHere = (fix: NeedsYouFix, path: string, appId: string | undefined) =>
  !!fix.appId && fix.appId === appId && path === fixPath(fix);

export const whoOf = (data: { name?: string; phone?: string } | undefined, fallback = t('Application')) =>
  [data?.name, data?.phone ? `+91 ${data.phone}` : ''].filter(Boolean).join(' · ') || fallback;

function failedChecks(id: string, d: AppData, ops: readonly OutboxOp[], who: string): NeedsYouItem[] {
  return (Object.keys(CHECK_LABEL) as CheckedField[]).flatMap((field) => {
    const failed = d.verification_failures?.[field];
    // A check of the same field already queued again is the correction on its way.
    if (!failed || ops.some((o) => o.appId === id && o.kind === CHECK_KIND[field])) return [];
    return [
      {
        key: `${id}:check:${field}`,
        kind: 'check-failed' as const,
        appId: id,
        who,
        waiting: false,
        what: `${t(CHECK_LABEL[field])} ${failed.value}: ${t(failed.message)}`,
        fix: { ...CHECK_FIX[field], label: t(CHECK_FIX[field].label), appId: id },
      },
    ];
  });
}

/** The tap that clears a party blocker: all of them on the co-applicants screen, where a rejected guarantor is replaced. */
const PARTY_FIX: Record<string, string> = {
  CO_APPLICANT_REJECTED: msg('Replace or correct them'),
  CO_APPLICANT_STALE: msg('Ask the bureau again'),
  CO_BORROWER_MISSING: msg('Add the co-borrower'),
  GUARANTOR_MISSING: msg('Add the guarantor'),
};

/**
 * The sanction gate's party blockers (contracts/sanction-gate.ts), in the words the server refuses the hand-over with: a
 * rejected party at once, a missing one once the officer has gone past the co-applicants (the business step is in).
 */
function partyItems(id: string, d: AppData, who: string): NeedsYouItem[] {
  if (!d.co_parties || d.approval_checks?.decision === 'REJECTED') return [];
  const past = ['BUSINESS_INFO', 'BANK_ACCOUNT'].some((st) => stagesOf(d).includes(st));
  return partyBlockers(d.loan_type, d.co_parties)
    .filter((b) => past || !b.code.endsWith('_MISSING'))
    .map((b) => {
      const label =
        b.code === 'CO_APPLICANT_REJECTED' && d.co_parties?.find((p) => p.id === b.subject)?.type === 'GUARANTOR'
          ? t('Replace the guarantor')
          : t(PARTY_FIX[b.code] ?? msg('Open the co-applicants'));
      return {
        key: `${id}:party:${b.code}:${b.subject ?? ''}`,
        kind: 'party-blocked' as const,
        appId: id,
        who,
        waiting: false,
        what: localize(b.message, t),
        fix: { label, to: 'co-applicants', appId: id },
      };
    });
}

function appItems(app: NeedsYouApp, input: NeedsYouInput): NeedsYouItem[] {
  const d = (app.data ?? {}) as AppData;
  const who = whoOf(d);
  const items = [
    ...failedChecks(app.id, d, input.ops, who),
    ...deviationNeeds(app.id, d, input.acks, who, app.coApplicants ?? []),
    ...partyItems(app.id, d, who),
  ];
  if (d.approval_checks?.decision === 'REJECTED') {
    items.push({
      key: `${app.id}:rejected`,
      kind: 'bureau-rejected',
      appId: app.id,
      who,
      waiting: false,
      what: t(REJECTED_TEXT),
      fix: { label: t('See the reasons'), to: 'rejection', appId: app.id },
    });
  }
  // REQ-BORR-6: the borrower submit waits for the mobile OTP, which cannot be queued: an
  // application started on this phone and not submitted waits visibly for it.
  if (input.draftAppIds.has(app.id) && d.is_phone_verified !== true && stagesOf(d).length === 0 && d.phone) {
    items.push({
      key: `${app.id}:mobile`,
      kind: 'mobile-unverified',
      appId: app.id,
      who,
      waiting: false,
      what: t(MOBILE_UNVERIFIED_TEXT),
      fix: { label: t('Verify the mobile number'), to: 'mobile', appId: app.id, field: 'phone' },
    });
  }
  return items;
}

function opItems(input: NeedsYouInput, whoById: Map<string, string>): NeedsYouItem[] {
  return input.ops.flatMap((op): NeedsYouItem[] => {
    const who = op.appId ? (whoById.get(op.appId) ?? t('Application')) : t('Not tied to an application');
    if (op.state === 'needs-attention' && !op.blockedBy) {
      const screen = STEP_SCREEN[op.kind];
      return [
        {
          key: `op:${op.id}`,
          kind: 'step-refused',
          appId: op.appId,
          who,
          waiting: false,
          what: t('{step} was refused: {reason}', {
            step: op.label ?? t('A step'),
            reason: op.lastError?.message ? localize(op.lastError.message, t) : t('the server did not accept it'),
          }),
          fix: screen && op.appId ? { label: t('Open the step'), to: screen, appId: op.appId } : { label: t('Open Sync'), to: '/sync' },
        },
      ];
    }
    // An op waiting behind the borrower's mobile OTP is not unsent for want of a network: syncing cannot send it.
    if ((op.state === 'queued' || op.state === 'sending') && gatesOf(op).length === 0 && input.now - op.createdAt > DAY_MS) {
      return [
        {
          key: `op:${op.id}`,
          kind: 'unsent-old',
          appId: op.appId,
          who,
          waiting: false,
          what: `${op.label ?? t('An item')}: ${t(UNSENT_TEXT)}`,
          fix: { label: t('Open Sync'), to: '/sync' },
        },
      ];
    }
    return [];
  });
}

/**
 * The review and verification roles never get the officer's items with the officer's actions: the review role is
 * asked to decide a pending deviation, the verification role sees it waiting; what stays is their own outbox and a
 * rejection.
 */
function forRole(items: NeedsYouItem[], role: ProductRole | null | undefined): NeedsYouItem[] {
  if (!role || role === 'INITIATING_OFFICER') return items;
  return items.flatMap((i): NeedsYouItem[] => {
    if (i.kind === 'bureau-rejected' || i.kind === 'step-refused' || i.kind === 'unsent-old' || i.kind === 'sync-conflict') return [i];
    if ((i.kind === 'name-mismatch' || i.kind === 'deviation-pending') && i.deviation && i.appId) {
      const mismatch = mismatchText(i.deviation);
      return role === 'REVIEW'
        ? [
            {
              ...i,
              kind: 'deviation-pending',
              waiting: false,
              what: t('{mismatch}: deviation pending. Yours to decide.', { mismatch }),
              fix: { label: t('Review deviations'), to: 'deviations', appId: i.appId },
            },
          ]
        : [
            {
              ...i,
              kind: 'deviation-pending',
              waiting: true,
              what: t('{mismatch}: deviation pending. {status}', { mismatch, status: t(STATUS_TEXT.PENDING) }),
              fix: { label: t('See deviations'), to: 'deviations', appId: i.appId },
            },
          ];
    }
    return [];
  });
}

/** Every item, the application's own first, then the outbox's; `waiting` ones (the review role's turn) last. */
export function needsYou(input: NeedsYouInput): NeedsYouItem[] {
  const whoById = new Map(input.apps.map((a) => [a.id, whoOf(a.data as AppData)]));
  const conflicts = conflictItems(input.conflicts, input.ops, whoById);
  const items = forRole([...input.apps.flatMap((a) => appItems(a, input)), ...conflicts, ...opItems(input, whoById)], input.role);
  return [...items.filter((i) => !i.waiting), ...items.filter((i) => i.waiting)];
}

/** What the officer must act on (the counts on the home, the sync center and the header). */
export const needsYouCount = (items: readonly NeedsYouItem[]) => items.filter((i) => !i.waiting).length;
