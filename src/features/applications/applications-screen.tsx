// /applications (REQ-NAV-2, REQ-LIST-1): the officer's applications from the phone (works offline), refreshed from the
// server when online; search, pages of 10 from page 0, expandable rows, and the action each role is offered.
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { ApplicationRecord } from '../../../contracts/application-record';
import { LOOKUP_DEBOUNCE_MS } from '../../../contracts/patterns';
import { productRoleOf } from '../../../contracts/roles';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { useAllApplications, useFirstApplications, useOutboxOps } from '../../db/hooks';
import { byListOrder, listAtOf } from '../../db/list-order';
import { cacheServerApplications } from '../../db/records';
import { dropFinishedCopies } from '../../db/freshness';
import { useUserDb } from '../../db/user-db-context';
import { formatDateTime, formatRupees } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { useOnline } from '../../lib/use-online';
import { useProfile } from '../../session/profile-store';
import { TakeOfflinePanel, useTakenOfflineIds } from './take-offline-panel';
import { type ListApp, listAction, pendingDeviations, rowOpensApplication, rowTakesOffline } from '../../workflow/list-actions';
import { rowAmount, rowStatus } from '../../workflow/list-figures';
import { listApplications } from '../../api/applications/list-applications';
import { PageCursors } from './page-cursors';
import { t } from '../../i18n';

export const PAGE_SIZE = 10;
type Row = ListApp & ApplicationRecord & { id: string };

/** Search over what the phone holds: name, mobile, application id or external loan id. */
export function matches(row: Row, q: string): boolean {
  const term = q.trim().toLowerCase();
  return !term || [row.name, row.phone, row.id, row.tracker_id].some((x) => (x ?? '').toLowerCase().includes(term));
}

function ActionCell({ row, role }: { row: Row; role: ReturnType<typeof productRoleOf> }) {
  const a = listAction(role, row);
  // The action's label is the workflow's English (the home counts by it); it is shown in the person's language.
  if (a.kind === 'text') return <span className="muted small">{t(a.label)}</span>;
  return (
    <Link to={a.to} search={{ id: row.id, ...a.search }} className="ui-btn ui-btn--outline ui-btn--size-sm">
      {t(a.label)}
    </Link>
  );
}

/** ₹2,50,000 rather than ₹2,50,000.00: a loan amount in whole rupees reads at a glance. */
const wholeRupees = (x: number) => formatRupees(x).replace(/\.00$/, '');

/** The row's standing at a glance, without opening it: its status in words and the amount that matters now. */
function RowStanding({ row }: { row: Row }) {
  const amount = rowAmount(row);
  return (
    <span className="small app-row__standing" data-testid="row-standing">
      {amount?.label === 'Sanctioned'
        ? t('Sanctioned {amount}', { amount: wholeRupees(amount.amount) })
        : amount
          ? t('{status} · Asked {amount}', { status: rowStatus(row), amount: wholeRupees(amount.amount) })
          : rowStatus(row)}
    </span>
  );
}

export function ApplicationsScreen() {
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const profile = useProfile();
  const role = productRoleOf(profile.role, profile.mfi_employee?.designation);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [serverTotal, setServerTotal] = useState<number | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const q = useDebounced(query, LOOKUP_DEBOUNCE_MS);
  const [cursors] = useState(() => new PageCursors());
  // The first page paints from the order index, ten rows decrypted; every row (for search and the other pages) is read
  // after that paint, or at once when the officer searches or pages first.
  const head = useFirstApplications(db, PAGE_SIZE);
  const [wantAll, setWantAll] = useState(false);
  const headShown = head !== undefined;
  useEffect(() => {
    if (!headShown) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setWantAll(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [headShown]);
  const everyApp = useAllApplications(wantAll || head === null || query !== '' || page > 0 ? db : null);
  const pending = new Set(useOutboxOps(db).map((o) => o.appId));
  const held = useTakenOfflineIds(db);

  // What the phone holds is searched on every keystroke (2,000 rows filter in well under a frame); only the
  // server's search waits for the typing to pause.
  const all: Row[] = useMemo(
    () => (everyApp ?? head?.rows ?? []).map((a) => ({ ...a.data, id: a.id, listAt: listAtOf(a.data) })).sort(byListOrder),
    [everyApp, head],
  );
  const rows = useMemo(() => all.filter((r) => matches(r, query)), [all, query]);
  useEffect(() => {
    if (!db || !online) return setServerTotal(null);
    const ctl = new AbortController();
    // A cursor belongs to the list it came from: the role's and the search's.
    const list = `${role}|${q}`;
    listApplications({ page, size: PAGE_SIZE, search_by: q || undefined, after: cursors.before(list, page) }, ctl.signal)
      .then(async (r) => {
        cursors.remember(list, page, r.data.next_after);
        await cacheServerApplications(
          db,
          r.data.list.map((a) => ({ id: a.id, appId: a.id, data: a })),
        );
        // A loan the refresh shows finished leaves the visit phone with its documents (unsent work stays).
        if (role === 'VERIFICATION') await dropFinishedCopies(db);
        setServerTotal(r.data.total_elements);
      })
      .catch(() => undefined);
    return () => ctl.abort();
  }, [db, online, page, q, role, cursors]);

  const onPhone = everyApp ? rows.length : query ? 0 : (head?.total ?? 0);
  const total = Math.max(onPhone, serverTotal ?? 0);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const shown = rows.slice(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE);
  return (
    <main className="page">
      <h2>{t('Applications')}</h2>
      <FloatingInput
        label={t('Search by name, mobile or id')}
        type="search"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setPage(0);
        }}
      />
      {shown.length === 0 ? (
        <MessageLine>{t('No data')}</MessageLine>
      ) : (
        <ul className="app-list" aria-label={t('Applications')}>
          {shown.map((r) => (
            <li key={r.id} className="app-row">
              <div className="app-row__head">
                <button
                  type="button"
                  className="app-row__toggle"
                  aria-expanded={open === r.id}
                  onClick={() => setOpen(open === r.id ? null : r.id)}
                >
                  <strong>
                    <span className="app-row__chevron" aria-hidden="true">
                      {open === r.id ? '▾' : '▸'}
                    </span>{' '}
                    {r.name || `+91 ${r.phone ?? ''}`}
                  </strong>
                  <span className="muted small">
                    +91 {r.phone}
                    {pending.has(r.id) ? ` · ${t('not yet synced')}` : ''}
                    {held.has(r.id) ? ` · ${t('on this phone')}` : ''}
                  </span>
                  <RowStanding row={r} />
                </button>
                <ActionCell row={r} role={role} />
              </div>
              {/* REQ-ROLE-4: the verification role sees the review remarks on the list. */}
              {role === 'VERIFICATION' && r.remarks && (
                <section className="remarks-box" aria-label={t('Pd1 Review Remarks')}>
                  <h3>{t('Pd1 Review Remarks')}</h3>
                  <p>{r.remarks}</p>
                </section>
              )}
              {open === r.id && (
                <dl className="details">
                  {r.tracker_id && (
                    <div>
                      <dt>{t('External Loan Id')}</dt>
                      <dd>{r.tracker_id}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('Status')}</dt>
                    <dd>{rowStatus(r)}</dd>
                  </div>
                  {rowAmount(r)?.label === 'Sanctioned' && (
                    <div>
                      <dt>{t('Sanctioned amount')}</dt>
                      <dd>{wholeRupees(rowAmount(r)!.amount)}</dd>
                    </div>
                  )}
                  {r.amount_requested ? (
                    <div>
                      <dt>{t('Loan asked')}</dt>
                      <dd>{formatRupees(r.amount_requested)}</dd>
                    </div>
                  ) : null}
                  {r.created_at && (
                    <div>
                      <dt>{t('Created')}</dt>
                      <dd>{formatDateTime(Date.parse(r.created_at))}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('Steps done')}</dt>
                    <dd>{(r.stages ?? []).length}</dd>
                  </div>
                  {pendingDeviations(r) > 0 && (
                    <div>
                      <dt>{t('Deviations')}</dt>
                      <dd>
                        <Link to="/application/deviations" search={{ id: r.id }}>
                          {t('{count} waiting for approval', { count: pendingDeviations(r) })}
                        </Link>
                      </dd>
                    </div>
                  )}
                  {r.remarks && role !== 'VERIFICATION' && (
                    <div>
                      <dt>{t('Pd1 Review Remarks')}</dt>
                      <dd>{r.remarks}</dd>
                    </div>
                  )}
                  {rowOpensApplication(role) && (
                    <div>
                      <dt />
                      <dd>
                        <Button
                          variant="link"
                          size="link"
                          onClick={() => void navigate({ to: '/application/mobile', search: { id: r.id } })}
                        >
                          {t('Open application')}
                        </Button>
                      </dd>
                    </div>
                  )}
                </dl>
              )}
              {/* 'Take offline' is on the row itself; opening the row shows what is held and its documents. */}
              {rowTakesOffline(role) && <TakeOfflinePanel db={db} appId={r.id} expanded={open === r.id} />}
            </li>
          ))}
        </ul>
      )}
      <div className="row pager">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
          {t('Previous')}
        </Button>
        <span className="small">{t('Page {page} of {pages}', { page: page + 1, pages })}</span>
        <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
          {t('Next')}
        </Button>
      </div>
    </main>
  );
}
