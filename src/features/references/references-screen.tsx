// /application/references?id=: one to three personal or business references (workflow §3/§5/§7), sent as one list;
// then on to success/loan-offers. Works offline like every step.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { MAX_REFERENCES, REFERENCE_MSG, type ReferencesBody, ReferencesBody as Schema } from '../../../contracts/references';
import { VERIFY_MSG } from '../../../contracts/verification';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication } from '../../db/hooks';
import { draftKey } from '../../db/drafts';
import { useUserDb } from '../../db/user-db-context';
import { useOnline } from '../../lib/use-online';
import { enqueue } from '../../sync/outbox';
import { waitForOp } from '../../sync/wait-for-op';
import { useDraft } from '../drafts/use-draft';
import { FormSelect } from '../forms/form-select';
import { settleStep } from '../forms/settle-step';
import { AFTER_REFERENCES } from '../second-stage/stage-two-rules';

export const REFERENCES_KIND = 'application.references';
const TYPES = [{ value: 'PERSONAL_REFERENCE', label: 'Personal' }, { value: 'BUSINESS_REFERENCE', label: 'Business' }];
type Ref = { id?: string; type: string; name: string; phone: string; address: string; company_name?: string };
const blank = (): Ref => ({ type: '', name: '', phone: '', address: '', company_name: '' });

/** Workflow §5: the company name belongs to business references only; it is not sent for personal ones. */
export const cleanReferences = (refs: readonly Ref[]) =>
  refs.map(({ company_name, ...r }) => (r.type === 'BUSINESS_REFERENCE' ? { ...r, company_name: company_name ?? '' } : r));

type Issues = { message?: string; root?: { message?: string } } & Partial<Record<number, Partial<Record<keyof Ref, { message?: string }>>>>;
/** Workflow §5: only the first message is shown: the list's own, else the first field of the first reference that has one. */
export function firstReferenceError(e: Issues | undefined): string | undefined {
  if (!e) return undefined;
  if (e.message || e.root?.message) return e.message || e.root?.message;
  for (let i = 0; i < MAX_REFERENCES; i += 1) {
    const row = e[i];
    for (const f of ['type', 'name', 'phone', 'address', 'company_name'] as const) if (row?.[f]?.message) return row[f]?.message;
  }
  return undefined;
}

function ReferencesForm({ appId, stored }: { appId: string; stored: Ref[] }) {
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const form = useForm<{ references: Ref[] }>({
    resolver: valibotResolver(Schema) as unknown as Resolver<{ references: Ref[] }>,
    defaultValues: { references: stored.length ? stored : [blank()] },
    mode: 'onTouched',
  });
  const key = draftKey(appId, 'references');
  const draft = useDraft(form, key);
  const refs = useFieldArray({ control: form.control, name: 'references' });
  const { errors, isSubmitting, submitCount } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!db) return;
    const body: ReferencesBody = { references: cleanReferences(values.references) as ReferencesBody['references'] };
    const op = await enqueue(
      db,
      { appId, kind: REFERENCES_KIND, method: 'PATCH', path: `/v1/app/mfi/${appId}/reference`, body, label: `References (${body.references.length})` },
      { draftKeyToClear: key, resubmit: true },
    );
    const answered = online ? await waitForOp(db, op.id, 15_000) : op;
    await settleStep(answered, { appId, navigate, next: AFTER_REFERENCES, done: REFERENCE_MSG.added, failed: VERIFY_MSG.submitFailed });
  });

  const errorOf = (i: number, f: keyof Ref) => errors.references?.[i]?.[f]?.message;
  const firstError = submitCount > 0 ? firstReferenceError(errors.references) : undefined;
  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label="References">
      {draft.restored && <MessageLine variant="info">Restored what you typed earlier.</MessageLine>}
      {firstError && <MessageLine variant="error">{firstError}</MessageLine>}
      {refs.fields.map((f, i) => {
        const type = form.watch(`references.${i}.type`);
        return (
          <fieldset key={f.id} className="bank-group">
            <legend>Reference {i + 1}</legend>
            <FormSelect control={form.control} name={`references.${i}.type`} label="Reference type" options={TYPES} />
            <FloatingInput label="Name" autoComplete="off" error={errorOf(i, 'name')} {...form.register(`references.${i}.name`)} />
            <FloatingInput label="Mobile number" inputMode="numeric" maxLength={10} error={errorOf(i, 'phone')} {...form.register(`references.${i}.phone`)} />
            <FloatingTextarea label="Address" error={errorOf(i, 'address')} {...form.register(`references.${i}.address`)} />
            {type === 'BUSINESS_REFERENCE' && <FloatingInput label="Company name" autoComplete="off" {...form.register(`references.${i}.company_name`)} />}
            {refs.fields.length > 1 && <Button variant="link" size="link" onClick={() => refs.remove(i)}>Remove reference {i + 1}</Button>}
          </fieldset>
        );
      })}
      <Button variant="outline" disabled={refs.fields.length >= MAX_REFERENCES} onClick={() => refs.append(blank())}>Add another reference</Button>
      {draft.error && <MessageLine variant="error">{draft.error.message}</MessageLine>}
      <Button type="submit" size="lg" busy={isSubmitting} busyText="Submitting..." disabled={!db}>Submit</Button>
    </form>
  );
}

export function ReferencesScreen() {
  const { id } = useSearch({ strict: false }) as { id?: string };
  const db = useUserDb();
  const app = useApplication(db, id ?? '');
  if (!id) return <main className="page"><MessageLine variant="warning">Open an application first.</MessageLine></main>;
  if (app === undefined) return null;
  const stored = ((app?.data as { reference?: Ref[] } | undefined)?.reference ?? []).map((r) => ({ ...blank(), ...r }));
  return (
    <main className="page">
      <h2>References</h2>
      <ReferencesForm key={id} appId={id} stored={stored} />
    </main>
  );
}
