// /application/mobile: the borrower's first details. Creating works offline: the application gets its id on the phone.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { BorrowerStartForm } from '../../../contracts/application-start';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication, useApplications } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useDraft } from '../drafts/use-draft';
import { START_DRAFT_KEY, startApplication } from './start-application';

type AppData = { id: string; phone?: string; name?: string; status?: string; created_at?: string };

function StartForm() {
  const db = useUserDb();
  const navigate = useNavigate();
  const form = useForm<BorrowerStartForm>({ resolver: valibotResolver(BorrowerStartForm), defaultValues: { phone: '', name: '' }, mode: 'onTouched' });
  const draft = useDraft(form, START_DRAFT_KEY);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!db) return;
    try {
      const id = await startApplication(db, values);
      await draft.clear();
      toast.success('Application saved');
      await navigate({ to: '/application/kyc', search: { id } });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  });

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      {draft.restored && <MessageLine variant="info">Restored what you typed earlier.</MessageLine>}
      <div className="phone-row">
        <span className="prefix" aria-hidden="true">+91</span>
        <FloatingInput label="Borrower mobile number" inputMode="numeric" autoComplete="off" maxLength={10}
          error={errors.phone?.message} {...form.register('phone')} />
      </div>
      <FloatingInput label="Borrower name" autoComplete="off" maxLength={100} error={errors.name?.message} {...form.register('name')} />
      {draft.error && <MessageLine variant="error">{draft.error.message}</MessageLine>}
      <Button type="submit" size="lg" busy={isSubmitting} busyText="Saving..." disabled={!db}>Save and continue</Button>
    </form>
  );
}

function Existing({ id }: { id: string }) {
  const db = useUserDb();
  const app = useApplication(db, id);
  const data = app?.data as AppData | undefined;
  if (app === undefined) return null;
  if (!data) return <MessageLine variant="warning">This application is not on this phone yet. Sync, then try again.</MessageLine>;
  return (
    <div className="stack">
      <FloatingInput label="Borrower mobile number" value={data.phone ?? ''} readOnly />
      <FloatingInput label="Borrower name" value={data.name ?? ''} readOnly />
      <Link to="/application/kyc" search={{ id }} className="ui-btn ui-btn--default ui-btn--size-lg">Continue</Link>
    </div>
  );
}

function Incomplete() {
  const db = useUserDb();
  const apps = useApplications(db).filter((a) => (a.data as AppData).status === 'DRAFT');
  if (apps.length === 0) return <MessageLine>No Incomplete Application Found</MessageLine>;
  return (
    <ul className="action-list" aria-label="Incomplete applications">
      {apps.map((a) => {
        const d = a.data as AppData;
        return (
          <li key={a.id}>
            <Link to="/application/kyc" search={{ id: a.id }} className="action">
              <span>{d.name ?? d.phone}<br /><span className="muted small">+91 {d.phone}{d.created_at ? ` · ${formatDateTime(Date.parse(d.created_at))}` : ''}</span></span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function MobileStepScreen() {
  const search = useSearch({ strict: false }) as { id?: string; status?: string };
  return (
    <main className="page">
      <h2>{search.status === 'DRAFT' && !search.id ? 'Complete Application' : 'Borrower Information'}</h2>
      {search.id ? <Existing id={search.id} /> : search.status === 'DRAFT' ? <Incomplete /> : <StartForm />}
    </main>
  );
}
