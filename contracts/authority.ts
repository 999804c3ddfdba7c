// Who may do what to an application, in which state (REQ-AUTHZ-1 "The server decides"). One table, read by
// the server on every write (403 not yours / not your role, 409 not in this state) and by the client to decide which
// buttons, list actions and editable forms it shows. Anchor: Apache Fineract's maker-checker permissions — no write
// without a permission for that role in that state, and a second person decides exceptions (deviations).
import type { ProductRole } from './roles';
import { msg } from './msg';

/**
 * The application's state as the table reads it, derived from its status, stage markers and server-owned flags.
 * HANDED_OVER: the officer's first stage is in (BANK_ACCOUNT) and the verification role's visits are due.
 */
export const APP_STATES = ['DRAFT', 'HANDED_OVER', 'REJECTED', 'PD1_REVIEW', 'CREDIT_APPROVED', 'PD2_COMPLETE', 'SANCTIONED'] as const;
export type AppState = (typeof APP_STATES)[number];

/**
 * Who asks, relative to the application: OWNER is the initiating officer who created it (or the visitor of its own
 * public application); OFFICER another initiating officer; VERIFICATION and REVIEW the product roles (contracts/roles.ts).
 */
export const ACTORS = ['OWNER', 'OFFICER', 'VERIFICATION', 'REVIEW'] as const;
export type Actor = (typeof ACTORS)[number];

const FIRST_STAGE = ['DRAFT', 'HANDED_OVER'] as const;
const UNDER_REVIEW = ['HANDED_OVER', 'PD1_REVIEW', 'CREDIT_APPROVED', 'PD2_COMPLETE'] as const;
const OPEN = ['DRAFT', ...UNDER_REVIEW] as const;
const READABLE = [...OPEN, 'SANCTIONED'] as const;

type Rule = Partial<Record<Actor, readonly AppState[]>>;

/** action → actor → the states in which that actor may do it. An actor not named may never do it (403). */
export const AUTHORITY = {
  /** Merge PATCH /v1/app/mfi/{id}: the borrower's draft fields only (BORROWER_DRAFT_FIELDS). */
  'application.patch': { OWNER: ['DRAFT'] },
  /** REQ-ROLE-3: the review role edits and resubmits through the update calls ('Create or update borrower info'). */
  'borrower.submit': { OWNER: ['DRAFT'], REVIEW: UNDER_REVIEW },
  /** A rejected application answers its stored decision again (200, unchanged); docs/workflow.md. */
  'kyc.submit': { OWNER: ['DRAFT', 'REJECTED'], REVIEW: UNDER_REVIEW },
  'co_applicant.write': { OWNER: FIRST_STAGE, REVIEW: UNDER_REVIEW },
  'family.write': { OWNER: FIRST_STAGE, REVIEW: UNDER_REVIEW },
  'business.submit': { OWNER: FIRST_STAGE },
  'business.update': { OWNER: FIRST_STAGE, REVIEW: UNDER_REVIEW },
  'employment.submit': { OWNER: FIRST_STAGE },
  /** The payout account: the owner before the first stage is in, then only the review role. */
  'bank_account.submit': { OWNER: ['DRAFT'] },
  'bank_account.update': { REVIEW: UNDER_REVIEW },
  /** PAN, voter id, bank, name-match and OTP checks recorded on the application. */
  'checks.run': { OWNER: FIRST_STAGE, REVIEW: UNDER_REVIEW },
  /**
   * A file uploaded for the application (documents, visit photos): whoever works on it in that state. A file changes
   * nothing by itself (the step that uses it is decided apart), so the owner's queued uploads may land on a rejection.
   */
  'files.attach': { OWNER: [...FIRST_STAGE, 'REJECTED'], VERIFICATION: ['HANDED_OVER', 'PD1_REVIEW'], REVIEW: UNDER_REVIEW },
  'cpv.visit': { VERIFICATION: ['HANDED_OVER', 'PD1_REVIEW'], REVIEW: ['CREDIT_APPROVED', 'PD2_COMPLETE'] },
  'pd1.review': { VERIFICATION: ['PD1_REVIEW'] },
  'references.submit': {
    OWNER: ['DRAFT', 'HANDED_OVER', 'CREDIT_APPROVED'],
    VERIFICATION: ['HANDED_OVER', 'PD1_REVIEW', 'CREDIT_APPROVED'],
    REVIEW: ['CREDIT_APPROVED', 'PD2_COMPLETE'],
  },
  /** Reading (and on first read computing and storing) the offer: every role, once the references are in. */
  'loan_offer.fetch': { OWNER: READABLE, OFFICER: READABLE, VERIFICATION: READABLE, REVIEW: READABLE },
  'loan_offer.update': { REVIEW: UNDER_REVIEW },
  'loan_offer.accept': { REVIEW: ['PD2_COMPLETE'] },
  'deviation.decide': { REVIEW: OPEN },
  /**
   * The borrower's consent withdrawal (contracts/consent.ts): the officer who met the borrower or the branch's review
   * role, while the application is still open. After it every other write answers 409 (server/services/authority.ts).
   */
  'consent.withdraw': { OWNER: OPEN, REVIEW: OPEN },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof AUTHORITY;
export const ACTIONS = Object.keys(AUTHORITY) as Action[];

export const AUTHORITY_MSG = {
  sanctioned: msg('The loan is sanctioned: it can no longer change'),
  notNow: msg('This cannot be changed at this stage of the application'),
  notYours: msg('You do not have access to this resource'),
  createRole: msg('Only an initiating officer can create an application'),
} as const;

export type Verdict = { ok: true } | { ok: false; status: 403 | 409; message: string };

/** The table's answer for one cell: 403 when the actor may never do the action, 409 when not in this state. */
export function decide(action: Action, actor: Actor | null, state: AppState): Verdict {
  const rule: Rule = AUTHORITY[action];
  const states = actor ? rule[actor] : undefined;
  if (!states) return { ok: false, status: 403, message: AUTHORITY_MSG.notYours };
  if (states.includes(state)) return { ok: true };
  return { ok: false, status: 409, message: state === 'SANCTIONED' ? AUTHORITY_MSG.sanctioned : AUTHORITY_MSG.notNow };
}

export const mayDo = (action: Action, actor: Actor | null, state: AppState) => decide(action, actor, state).ok;

/** What the state is read from: the application as GET /v1/app/mfi/{id} answers it. */
export type StateSource = {
  status?: string;
  stages?: readonly string[];
  sanctioned?: unknown;
  approval_checks?: { decision?: string } | null;
};

export function appStateOf(app: StateSource): AppState {
  if (app.sanctioned === true) return 'SANCTIONED';
  if (app.approval_checks?.decision === 'REJECTED') return 'REJECTED';
  switch (app.status) {
    case 'PD1_REVIEW':
    case 'CREDIT_APPROVED':
    case 'PD2_COMPLETE':
      return app.status;
    default:
      return app.stages?.includes('BANK_ACCOUNT') ? 'HANDED_OVER' : 'DRAFT';
  }
}

/** The caller's actor for one application: the owner, else its product role (an officer who does not own it: OFFICER). */
export function actorOf(a: { isOwner: boolean; role: ProductRole | null }): Actor | null {
  if (a.isOwner) return 'OWNER';
  if (a.role === 'INITIATING_OFFICER') return 'OFFICER';
  // The head office reads and never writes: it is no actor of the table, so every write answers 403.
  if (a.role === 'HEAD_OFFICE') return null;
  return a.role;
}
