// What the server decided about field work (REQ-AUTHZ-6), on the home, loaded after the first paint (kept out of the
// initial download): one line when a finished sync left problems, the day's counts with "N need attention", and the
// "needs you" list with the tap that fixes each.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useUserDb } from '../../db/user-db-context';
import { needsYouCount } from '../../workflow/needs-you';
import { NeedsYouRows } from '../../review/needs-you-list';
import { useNeedsYouRead } from '../../review/use-needs-you';
import { SyncProblemsLine } from './sync-problems-line';
import { t } from '../../i18n';

export function HomeNeedsYou({ waiting, extra }: { waiting: number; extra?: ReactNode }) {
  const read = useNeedsYouRead(useUserDb());
  const needs = read ?? [];
  const needCount = needsYouCount(needs);
  return (
    <>
      <SyncProblemsLine count={needCount} />
      <section className="today" aria-label={t('Today')}>
        <h3>{t('Today')}</h3>
        <ul>
          <li>
            <Link to="/sync">{t('{count} waiting to be sent', { count: waiting })}</Link>
          </li>
          {/* Until the phone has read what needs the officer, no number: '0' would reassure wrongly. */}
          <li>
            <a href="#needs-you" className={needCount ? 'error' : undefined} aria-busy={read ? undefined : true}>
              {t('{count} need attention', { count: read ? needCount : '–' })}
            </a>
          </li>
          {extra}
        </ul>
      </section>
      {needs.length > 0 && (
        <section id="needs-you" className="needs-you" aria-labelledby="needs-you-title">
          <h3 id="needs-you-title">{t('Needs you ({count})', { count: needCount })}</h3>
          <NeedsYouRows items={needs} />
        </section>
      )}
    </>
  );
}
