// /application/mobile: find the borrower's application by mobile or id (then the stage router sends the officer on),
// or start a new one; with ?id= the borrower form. Starting and filling work offline: the id is made on the phone.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { BorrowerStartForm } from '../../../contracts/application-start';
import { LOOKUP_DEBOUNCE_MS } from '../../../contracts/patterns';
import { productRoleOf } from '../../../contracts/roles';
import { VERIFY_MSG } from '../../../contracts/verification';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication, useApplications } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { t } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useDebounced } from '../../lib/use-debounced';
import { useOnline } from '../../lib/use-online';
import { useProfile } from '../../session/profile-store';
import type { BorrowerAppData } from '../../forms/borrower-form-values';
import { BorrowerForm } from './borrower-form';
import { useDraft } from '../../forms/use-draft';
import { StepPair } from '../../forms/step-pairs';
import { findApplication, HeldElsewhere, lookupQuery, stagesOf } from '../../workflow/find-application';
import { isRejected } from '../../workflow/rejection';
import { routeForStages } from '../../workflow/stage-router';
import { START_DRAFT_KEY, startApplication } from '../../ops/start-application';
import { StepNotes } from '../../forms/step-notes';
import { MOBILE_SEARCH, useRouteSearch } from '../../forms/route-search';
import { NeedsYouBanner } from '../../review/needs-you-list';
import { useNeedsYou } from '../../review/use-needs-you';
import { borrowerRows } from './borrower-rows';
import { incompleteApps, incompleteTitle, type ListedApp } from './incomplete-apps';
import { NoNetworkNote } from './no-network-note';
import type { RoutePath } from '../../lib/route-path';

type AppData = BorrowerAppData & { status?: string; remarks?: string; created_at?: string; stages?: string[] };

/** Where a found application continues: the routed stage, or its own mobile page (form, message, or nothing left). */
function nextPlace(data: AppData): { to: RoutePath; search: { id: string } } {
  if (isRejected({ data })) return { to: '/application/rejection', search: { id: data.id } };
  const route = routeForStages(stagesOf(data));
  return { to: route.kind === 'go' ? `/application/${route.to}` : '/application/mobile', search: { id: data.id } };
}

function StartForm() {
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const form = useForm<BorrowerStartForm>({
    resolver: valibotResolver(BorrowerStartForm),
    defaultValues: { phone: '', name: '' },
    mode: 'onTouched',
  });
  const draft = useDraft(form, START_DRAFT_KEY);
  const { errors, isSubmitting } = form.formState;
  const typed = useDebounced(form.watch('phone'), LOOKUP_DEBOUNCE_MS);
  const { clear: clearDraft } = draft;
  const [lookup, setLookup] = useState<'idle' | 'searching' | 'none'>('idle');
  const [heldElsewhere, setHeldElsewhere] = useState<string | null>(null);

  // REQ-HOME-2: a 10-digit mobile (or a 32-character id) looks the application up, 300 ms after the last keystroke.
  useEffect(() => {
    const query = lookupQuery(typed);
    setHeldElsewhere(null);
    if (!db || !query) return setLookup('idle');
    const ctl = new AbortController();
    setLookup('searching');
    findApplication(db, query, online, ctl.signal)
      .then(async (found) => {
        if (ctl.signal.aborted) return;
        if (!found) return setLookup('none');
        toast.success(VERIFY_MSG.applicationFound);
        await clearDraft();
        await navigate(nextPlace(found as AppData));
      })
      .catch((err) => {
        if (ctl.signal.aborted) return;
        setLookup('none');
        if (err instanceof HeldElsewhere) setHeldElsewhere(err.message);
      });
    return () => ctl.abort();
  }, [db, typed, online, clearDraft, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!db) return;
    try {
      const id = await startApplication(db, values);
      await draft.clear();
      toast.success(t('Application saved'));
      await navigate({ to: '/application/mobile', search: { id } });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  });

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <NoNetworkNote />
      <StepNotes draft={draft} />
      <div className="phone-row">
        <span className="prefix" aria-hidden="true">
          +91
        </span>
        <FloatingInput
          label={t('Borrower mobile number')}
          inputMode="numeric"
          mask="none"
          autoComplete="off"
          maxLength={32}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
      </div>
      {heldElsewhere && <MessageLine variant="warning">{heldElsewhere}</MessageLine>}
      <p className="muted small" aria-live="polite" hidden={heldElsewhere !== null}>
        {lookup === 'searching'
          ? t('Looking for an application...')
          : lookup === 'none'
            ? online
              ? t('No application with this number yet: start a new one below.')
              : t('Offline, only this phone was searched. No application with this number yet: start a new one below.')
            : t('Enter the mobile number, or paste an application id, to find an application.')}
      </p>
      <FloatingInput
        label={t('Borrower name')}
        autoComplete="off"
        maxLength={100}
        error={errors.name?.message}
        {...form.register('name')}
      />
      {draft.error && <MessageLine variant="error">{draft.error.message}</MessageLine>}
      <Button type="submit" size="lg" busy={isSubmitting} busyText={t('Saving...')} disabled={!db || lookup === 'searching'}>
        {t('Save and continue')}
      </Button>
    </form>
  );
}

function ReadOnlyBorrower({ data }: { data: AppData }) {
  const route = routeForStages(stagesOf(data));
  return (
    <div className="stack">
      <dl className="details" aria-label={t('Borrower details')}>
        {borrowerRows(data as unknown as Record<string, unknown>).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{String(value)}</dd>
          </div>
        ))}
      </dl>
      {route.kind === 'go' && (
        <Link to={`/application/${route.to}`} search={{ id: data.id }} className="ui-btn ui-btn--default ui-btn--size-lg">
          {t('Continue')}
        </Link>
      )}
      {route.kind === 'message' && (
        <>
          <MessageLine variant="warning">{route.message}</MessageLine>
          <Link to="/application/cpv-info" search={{ id: data.id }}>
            {t(VERIFY_MSG.addCpvInfo)}
          </Link>
        </>
      )}
      {route.kind === 'none' && <MessageLine variant="error">{route.message}</MessageLine>}
    </div>
  );
}

function Existing({ id }: { id: string }) {
  const db = useUserDb();
  const online = useOnline();
  const profile = useProfile();
  const app = useApplication(db, id);
  const data = app?.data as AppData | undefined;
  const [fetching, setFetching] = useState(false);
  // A refused check, a refused submit or a name mismatch reopens the borrower form for the correction.
  // A deviation waiting for the review role is still the officer's to correct while the borrower form is theirs.
  const toFix = useNeedsYou(db, id).some((i) => (!i.waiting || i.kind === 'deviation-pending') && i.fix.to === 'mobile');

  // Not on this phone yet (a link from elsewhere): fetch it once when there is a network.
  useEffect(() => {
    if (!db || app !== null || !online) return;
    setFetching(true);
    void findApplication(db, { kind: 'id', value: id }, true).finally(() => setFetching(false));
  }, [db, app, online, id]);

  // A live query keeps its last answer while the next one runs: going from one application straight to another, the
  // first render still holds the other application's row, and the form must not start from it.
  if (app === undefined || fetching || (app && app.id !== id)) return <p className="muted">{t('Loading...')}</p>;
  if (!data) return <MessageLine variant="warning">{t('This application is not on this phone yet. Sync, then try again.')}</MessageLine>;
  const initiating = productRoleOf(profile.role, profile.mfi_employee?.designation) === 'INITIATING_OFFICER';
  const editable = initiating && (stagesOf(data).length === 0 || (toFix && (data.status ?? 'DRAFT') === 'DRAFT'));
  return (
    <>
      {data.status === 'PD1_REVIEW' && (
        <section className="remarks-box" aria-label={t('Pd1 Review Remarks')}>
          <h3>{t('Pd1 Review Remarks')}</h3>
          <p>{data.remarks || '–'}</p>
        </section>
      )}
      <StepPair pair="borrower" current={0} appId={id} />
      <NeedsYouBanner appId={id} />
      {editable ? <BorrowerForm key={id} app={{ ...data, id, phone: data.phone ?? '' }} /> : <ReadOnlyBorrower data={data} />}
    </>
  );
}

function Incomplete({ rejectionStatus }: { rejectionStatus?: string }) {
  const db = useUserDb();
  const apps = incompleteApps(useApplications(db) as ListedApp[], rejectionStatus);
  if (apps.length === 0)
    return (
      <MessageLine>{rejectionStatus === 'REJECTED' ? t('No rejected application on this phone.') : VERIFY_MSG.noIncomplete}</MessageLine>
    );
  return (
    <ul className="action-list" aria-label={rejectionStatus === 'REJECTED' ? t('Rejected applications') : t('Incomplete applications')}>
      {apps.map((a) => {
        const d = a.data as AppData;
        return (
          <li key={a.id}>
            <Link to={nextPlace({ ...d, id: a.id }).to} search={{ id: a.id }} className="action">
              <span>
                {d.name ?? d.phone}
                <br />
                <span className="muted small">
                  +91 {d.phone}
                  {d.created_at ? ` · ${formatDateTime(Date.parse(d.created_at))}` : ''}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function MobileStepScreen() {
  const search = useRouteSearch(MOBILE_SEARCH);
  const listing = search.status === 'DRAFT' || search.rejection_status === 'REJECTED';
  return (
    <main className="page">
      <h2>{listing && !search.id ? incompleteTitle(search.rejection_status) : t('Borrower Information')}</h2>
      {search.id ? <Existing id={search.id} /> : listing ? <Incomplete rejectionStatus={search.rejection_status} /> : <StartForm />}
    </main>
  );
}
