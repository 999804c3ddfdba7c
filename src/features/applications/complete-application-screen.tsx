// /application/complete-application[?id=] (REQ-NAV-2): the initiating officer's way back into unfinished
// first stages. Without an id: the officer's applications still in their first stage, from the phone. With one: the
// application at a glance, the steps done and the step where it continues (the mobile screen's stage router).
import { Link } from '@tanstack/react-router';
import { appStateOf } from '../../../contracts/authority';
import { VERIFY_MSG } from '../../../contracts/verification';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication, useApplications } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { type FactsApp, ReviewFacts } from '../../review/review-facts';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';
import { routeForStages } from '../../workflow/stage-router';
import type { RoutePath } from '../../lib/route-path';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

type App = FactsApp & { stages?: string[]; approval_checks?: { decision?: string } | null };

export const FIRST_STAGE_STEPS = [
  ['BORROWER_INFO', msg('Borrower details')],
  ['BORROWER_BASIC_INFO', msg('Borrowers Info (KYC)')],
  ['CO_BORROWER', msg('Co-borrower')],
  ['FAMILY_MEMBER', msg('Family members')],
  ['BUSINESS_INFO', msg('Business details')],
  ['BANK_ACCOUNT', msg('Bank account')],
] as const;

/** Where the application continues: the stage router's step, or the mobile screen for one with nothing in yet. */
export function continueTo(stages: readonly string[]): RoutePath | null {
  const r = routeForStages(stages);
  if (r.kind === 'stay') return '/application/mobile';
  if (r.kind === 'go') return `/application/${r.to}`;
  if (r.kind === 'message') return `/application/${r.link}`;
  return null;
}

function OneApplication({ id }: { id: string }) {
  const app = useApplication(useUserDb(), id)?.data as App | undefined;
  const stages = app?.stages ?? [];
  const next = continueTo(stages);
  const state = appStateOf(app ?? {});
  return (
    <>
      <ReviewFacts appId={id} app={app} />
      <ul className="checklist" aria-label={t('First stage steps')}>
        {FIRST_STAGE_STEPS.map(([stage, label]) => (
          <li key={stage}>
            {stages.includes(stage) ? '✓' : '○'} {t(label)}
          </li>
        ))}
      </ul>
      {state === 'REJECTED' ? (
        <MessageLine variant="error">{t('This application was rejected: it can no longer change.')}</MessageLine>
      ) : state !== 'DRAFT' ? (
        <MessageLine variant="success">{t('The first stage is complete and handed over for verification.')}</MessageLine>
      ) : (
        next && (
          <Link to={next} search={{ id }} className="ui-btn ui-btn--default ui-btn--size-lg">
            {t('Continue the application')}
          </Link>
        )
      )}
    </>
  );
}

export function CompleteApplicationScreen() {
  const { id } = useRouteSearch(APP_SEARCH);
  const apps = useApplications(useUserDb());
  const open = apps.filter((a) => appStateOf((a.data ?? {}) as App) === 'DRAFT');
  return (
    <main className="page">
      <h2>{t('Complete Application')}</h2>
      {id ? (
        <OneApplication id={id} />
      ) : open.length === 0 ? (
        <MessageLine>{t(VERIFY_MSG.noIncomplete)}</MessageLine>
      ) : (
        <ul className="app-list" aria-label={t('Applications to complete')}>
          {open.map((a) => {
            const d = a.data as App;
            return (
              <li key={a.id} className="app-row">
                <Link to="/application/complete-application" search={{ id: a.id }}>
                  {d.name || `+91 ${d.phone ?? ''}`}
                </Link>
                <span className="muted small">
                  {' '}
                  · {t('{done} of {total} steps', { done: (d.stages ?? []).length, total: FIRST_STAGE_STEPS.length })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
