// /application/references?id=: the references of an application (REQ-REF-1). With none yet, one form takes 1 to
// 3 at once; with some, they are listed, each opens in reference-details to change, and another can be added there.
// Sent as one list through the outbox, then on to success/loan-offers. Works offline like every step.
import { Link, useNavigate } from '@tanstack/react-router';
import { useFieldArray } from 'react-hook-form';
import { MAX_REFERENCES, REFERENCE_MSG, ReferencesBody as Schema } from '../../../contracts/references';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { draftKey } from '../../db/drafts';
import { useOutboxOps } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { useOnline } from '../../lib/use-online';
import { submitStep } from '../../ops/settle-step';
import { AFTER_REFERENCES } from '../../workflow/stage-two-rules';
import { blankReference, REFERENCES_KIND, type Ref, sendReferences, useReferences } from './reference-data';
import { REFERENCE_TYPE_OPTIONS, ReferenceFields } from './reference-fields';
import { useStagePath } from '../../session/flow-context';
import { NoApplication, StepSubmit, useStepForm } from '../../forms/use-step-form';
import { StepNotes } from '../../forms/step-notes';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';
import { useStepRefusal } from '../../forms/use-step-refusal';
import { t } from '../../i18n';

export { cleanReferences, REFERENCES_KIND } from './reference-data';

type Issues = { message?: string; root?: { message?: string } } & Partial<Record<number, Partial<Record<keyof Ref, { message?: string }>>>>;
/**
 * REQ-UI-7: only the first message is shown: the list's own, else the first field of the first reference that has one.
 */
export function firstReferenceError(e: Issues | undefined): string | undefined {
  if (!e) return undefined;
  if (e.message || e.root?.message) return e.message || e.root?.message;
  for (let i = 0; i < MAX_REFERENCES; i += 1) {
    const row = e[i];
    for (const f of ['type', 'name', 'phone', 'address', 'company_name'] as const) if (row?.[f]?.message) return row[f]?.message;
  }
  return undefined;
}

function ReferencesForm({ appId }: { appId: string }) {
  const to = useStagePath();
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const key = draftKey(appId, 'references');
  const { form, draft } = useStepForm<{ references: Ref[] }>(Schema, { references: [blankReference()] }, key);
  const refs = useFieldArray({ control: form.control, name: 'references' });
  const { errors, isSubmitting, submitCount } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!db) return;
    await submitStep(db, online, () => sendReferences(db, appId, values.references, key), {
      appId,
      navigate,
      next: to(AFTER_REFERENCES),
      done: t(REFERENCE_MSG.added),
    });
  });

  const firstError = submitCount > 0 ? firstReferenceError(errors.references) : undefined;
  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label={t('References')}>
      <StepNotes draft={draft} error={firstError} />
      {refs.fields.map((f, i) => (
        <fieldset key={f.id} className="bank-group">
          <legend>{t('Reference {number}', { number: i + 1 })}</legend>
          <ReferenceFields
            control={form.control}
            register={form.register}
            prefix={`references.${i}.`}
            type={form.watch(`references.${i}.type`)}
            errorOf={(field) => errors.references?.[i]?.[field]?.message}
          />
          {refs.fields.length > 1 && (
            <Button variant="link" size="link" onClick={() => refs.remove(i)}>
              {t('Remove reference {number}', { number: i + 1 })}
            </Button>
          )}
        </fieldset>
      ))}
      <Button variant="outline" disabled={refs.fields.length >= MAX_REFERENCES} onClick={() => refs.append(blankReference())}>
        {t('Add another reference')}
      </Button>
      <StepSubmit draft={draft} busy={isSubmitting} ready={!!db} refusal={useStepRefusal(appId, 'references.submit')} />
    </form>
  );
}

function ReferenceList({ appId, refs }: { appId: string; refs: Ref[] }) {
  const to = useStagePath();
  const queued = useOutboxOps(useUserDb()).some((o) => o.appId === appId && o.kind === REFERENCES_KIND);
  const typeLabel = (type: string) => {
    const label = REFERENCE_TYPE_OPTIONS.find((o) => o.value === type)?.label;
    return label ? t(label) : type;
  };
  return (
    <div className="stack">
      <ul className="co-list" aria-label={t('References')}>
        {refs.map((r, i) => (
          <li key={r.id ?? i} className="co-card" aria-label={r.name}>
            <Link to={to('reference-details')} search={{ id: appId, record_index: i }}>
              <strong>{r.name}</strong>
            </Link>
            <span className="muted small">
              {typeLabel(r.type)}
              {r.company_name ? ` · ${r.company_name}` : ''} · +91 {r.phone}
              {queued ? ` · ${t('saved on this phone')}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {refs.length < MAX_REFERENCES ? (
        <Link
          to={to('reference-details')}
          search={{ id: appId, record_index: refs.length }}
          className="ui-btn ui-btn--outline ui-btn--size-lg"
        >
          {t('Add another reference')}
        </Link>
      ) : (
        <MessageLine>{t('{max} references is the most an application can have.', { max: MAX_REFERENCES })}</MessageLine>
      )}
      <Link to={to(AFTER_REFERENCES)} search={{ id: appId }} className="ui-btn ui-btn--default ui-btn--size-lg">
        {t('Continue')}
      </Link>
    </div>
  );
}

export function ReferencesScreen() {
  const { id } = useRouteSearch(APP_SEARCH);
  const refs = useReferences(useUserDb(), id ?? '');
  if (!id) return <NoApplication />;
  if (refs === undefined) return null;
  return (
    <main className="page">
      <h2>{t('References')}</h2>
      {refs.length === 0 ? <ReferencesForm key={id} appId={id} /> : <ReferenceList appId={id} refs={refs} />}
    </main>
  );
}
