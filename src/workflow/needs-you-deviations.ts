// The "needs you" items of an application's deviations: a name mismatch to correct or continue with, one pending with
// the review role, one rejected. Each says whose names were compared and where they are corrected.
import { appStateOf, mayDo } from '../../contracts/authority';
import { msg } from '../../contracts/msg';
import { VERIFY_MSG } from '../../contracts/verification';
import { t } from '../i18n';
import { DEVIATION_LABELS, type DeviationItem, deviationItems, STATUS_TEXT } from './deviation-items';
import { stagesOf } from './find-application';
import type { AppData, CoRecord, NeedsYouFix, NeedsYouInput, NeedsYouItem } from './needs-you';

/** The officer's "Continue with Deviation" is for this mismatch (these names, this score): a new mismatch asks again. */
export const deviationAckKey = (appId: string, item: DeviationItem) =>
  `${appId}:${item.key}:${item.deviation.info.score ?? ''}:${(item.deviation.info.values ?? []).map((v) => v.value).join('|')}`;

const SOURCE_TEXT: Record<string, string> = {
  INPUT: msg('typed'),
  BANK_ACCOUNT: msg("bank's answer"),
  VOTER_ID: msg('voter id'),
  PAN: msg('PAN'),
  AADHAAR: msg('Aadhaar'),
};

/** Whose names, and what was compared: 'Borrower name mismatch (Mohan Lal): PAN "SURESH SHARMA" · typed "Mohan Lal"'. */
export function mismatchText(item: DeviationItem): string {
  const source = (s: string) => (SOURCE_TEXT[s] ? t(SOURCE_TEXT[s]) : s);
  const values = (item.deviation.info.values ?? []).map((x) => `${source(x.source)} "${x.value}"`).join(' · ');
  return `${t(DEVIATION_LABELS[item.deviation.type])} (${item.whose})${values ? `: ${values}` : ''}`;
}

/**
 * A name mismatch is corrected where the name was typed (the bank account's holder on its screen, else the borrower's),
 * while the officer may still change it there; after the hand-over only the review role can, and the item says so.
 */
function namesFix(appId: string, item: DeviationItem, d: AppData): NeedsYouFix {
  const bank = item.deviation.type === 'BANK_NAME_MISMATCH_DEVIATION';
  const state = appStateOf({ status: d.status, sanctioned: d.sanctioned, approval_checks: d.approval_checks, stages: stagesOf(d) });
  if (!mayDo(bank ? 'bank_account.submit' : 'borrower.submit', 'OWNER', state))
    return { label: t('Only the review role can correct the names now'), to: 'deviations', appId };
  return bank
    ? { label: t('Correct the names'), to: 'bank-account-details', appId, field: 'account_holder_name' }
    : item.recordId
      ? { label: t('Correct the names'), to: 'co-applicants', appId }
      : { label: t('Correct the names'), to: 'mobile', appId, field: 'name' };
}

export function deviationNeeds(id: string, d: AppData, acks: NeedsYouInput['acks'], who: string, cos: readonly CoRecord[]): NeedsYouItem[] {
  return deviationItems(d, cos).flatMap((item): NeedsYouItem[] => {
    const status = item.deviation.status ?? 'PENDING';
    const base = { appId: id, who, deviation: item };
    const namesFixOf = () => namesFix(id, item, d);
    if (status === 'REJECTED') {
      return [
        {
          ...base,
          key: `${id}:dev:${item.key}`,
          kind: 'deviation-rejected',
          waiting: false,
          what: item.deviation.decision_remarks
            ? t('{mismatch}: deviation rejected ({remarks}). Correct the names.', {
                mismatch: mismatchText(item),
                remarks: item.deviation.decision_remarks,
              })
            : t('{mismatch}: deviation rejected. Correct the names.', { mismatch: mismatchText(item) }),
          fix: namesFixOf(),
        },
      ];
    }
    if (status !== 'PENDING') return [];
    // Requested already: the server recorded it (it stamps who raised it), or the officer continued with it here.
    // It waits for the review role; the officer is not asked again at every later step.
    if (item.deviation.raised_by || acks[deviationAckKey(id, item)]) {
      return [
        {
          ...base,
          key: `${id}:dev:${item.key}`,
          kind: 'deviation-pending',
          waiting: true,
          what: t('{mismatch}: deviation pending. {status}', { mismatch: mismatchText(item), status: t(STATUS_TEXT.PENDING) }),
          // Waiting, and still correctable by the officer where the names were typed while that form is theirs.
          fix: namesFixOf().field ? namesFixOf() : { label: t('See deviations'), to: 'deviations', appId: id },
        },
      ];
    }
    return [
      {
        ...base,
        key: `${id}:dev:${item.key}`,
        kind: 'name-mismatch',
        waiting: false,
        what: `${mismatchText(item)}. ${t(VERIFY_MSG.nameMismatchBanner)}`,
        fix: namesFixOf(),
      },
    ];
  });
}
