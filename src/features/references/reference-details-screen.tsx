// /application/reference-details?id=&record_index=: one reference to add or change (REQ-NAV-2, stage reference-details;
// REQ-REF-1). The whole list goes to the server with this one replaced or appended, or without it when removed (at
// least one stays); then back to the references.
import { useNavigate } from '@tanstack/react-router';
import { MAX_REFERENCES, REFERENCE_MSG, Reference as Schema } from '../../../contracts/references';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { draftKey } from '../../db/drafts';
import { useUserDb } from '../../db/user-db-context';
import { useOnline } from '../../lib/use-online';
import { submitStep } from '../../ops/settle-step';
import { blankReference, type Ref, sendReferences, useReferences } from './reference-data';
import { ReferenceFields } from './reference-fields';
import { useStagePath } from '../../session/flow-context';
import { NoApplication, StepSubmit, useStepForm } from '../../forms/use-step-form';
import { StepNotes } from '../../forms/step-notes';
import { RECORD_SEARCH, useRouteSearch } from '../../forms/route-search';
import { useStepRefusal } from '../../forms/use-step-refusal';
import { t } from '../../i18n';

/** The list to send: reference `index` replaced (or appended when it is the next one), or left out when `value` is null. */
export function withReference(list: readonly Ref[], index: number, value: Ref | null): Ref[] {
  if (value === null) return list.filter((_, i) => i !== index);
  return index >= list.length ? [...list, value] : list.map((r, i) => (i === index ? { ...value, id: r.id } : r));
}

function ReferenceForm({ appId, index, list }: { appId: string; index: number; list: Ref[] }) {
  const to = useStagePath();
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const existing = list[index];
  const key = draftKey(appId, 'reference', index);
  const { form, draft, firstError } = useStepForm<Ref>(Schema, existing ?? blankReference(), key);
  const { errors, isSubmitting } = form.formState;

  const send = async (refs: Ref[]) => {
    if (!db) return;
    await submitStep(db, online, () => sendReferences(db, appId, refs, key), {
      appId,
      navigate,
      next: to('references'),
      done: t(REFERENCE_MSG.added),
    });
  };
  const onSubmit = form.handleSubmit((value) => send(withReference(list, index, value)));
  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label={t('Reference details')}>
      <StepNotes draft={draft} error={firstError} />
      <ReferenceFields
        control={form.control}
        register={form.register}
        prefix=""
        type={form.watch('type')}
        errorOf={(f) => errors[f]?.message}
      />
      <StepSubmit draft={draft} busy={isSubmitting} ready={!!db} refusal={useStepRefusal(appId, 'references.submit')} />
      {existing && list.length > 1 && (
        <Button variant="outline" disabled={isSubmitting} onClick={() => void send(withReference(list, index, null))}>
          {t('Remove this reference')}
        </Button>
      )}
    </form>
  );
}

export function ReferenceDetailsScreen() {
  const { id, record_index } = useRouteSearch(RECORD_SEARCH);
  const list = useReferences(useUserDb(), id ?? '');
  if (!id) return <NoApplication />;
  if (list === undefined) return null;
  const asked = Number(record_index ?? list.length);
  const index = Number.isInteger(asked) && asked >= 0 ? Math.min(asked, list.length) : list.length;
  const full = index >= MAX_REFERENCES;
  return (
    <main className="page">
      <h2>{list[index] ? t('Reference {number}', { number: index + 1 }) : t('Add a reference')}</h2>
      {full ? (
        <MessageLine>{t('{max} references is the most an application can have.', { max: MAX_REFERENCES })}</MessageLine>
      ) : (
        <ReferenceForm key={`${id}-${index}`} appId={id} index={index} list={list} />
      )}
    </main>
  );
}
