// What every step form shares: react-hook-form over its contract schema with the draft autosaved, the first error to
// show after a submit, the notes above the fields, and the page shown when no application is open.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useRef } from 'react';
import { type DefaultValues, type FieldErrors, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { GenericSchema } from 'valibot';
import { Button } from '../components/ui/button';
import { FooterBar } from '../components/ui/footer-bar';
import { MessageLine } from '../components/ui/message-line';
import { publishFormMessages } from '../components/ui/field-messages';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';
import { bannerOf, fieldIssues, focusFirst, inPageOrder } from './first-error';
import { type DraftState, useDraft } from './use-draft';

/** A contract schema over an object of fields. */
type StepSchema = GenericSchema<FieldValues, unknown>;

export const NO_APPLICATION = msg('Open an application first.');

/**
 * The schema decides; the form type is what the fields hold before they are filled in (an empty number is null, a
 * file not yet picked is ''), which the schema's input type cannot say. This is the one place the two meet.
 */
export const stepResolver = <Form extends FieldValues>(schema: StepSchema): Resolver<Form> =>
  valibotResolver(schema) as unknown as Resolver<Form>;

/** The banner for a form's errors: the first field's message as the page orders them, with the count (first-error.ts). */
export const firstErrorOf = (errors: FieldErrors): string | undefined => bannerOf(inPageOrder(fieldIssues(errors)));

export function useStepForm<Form extends FieldValues>(schema: StepSchema, defaultValues: DefaultValues<Form>, draftKey: string) {
  // The focus goes to the field the banner names (below), not to react-hook-form's first registered one.
  const form = useForm<Form>({ resolver: stepResolver<Form>(schema), defaultValues, mode: 'onTouched', shouldFocusError: false });
  const draft = useDraft(form, draftKey);
  const { errors, submitCount, isSubmitSuccessful } = form.formState;
  useEffect(() => {
    if (submitCount > 0 && !isSubmitSuccessful) focusFirst(inPageOrder(fieldIssues(form.formState.errors)));
  }, [submitCount, isSubmitSuccessful, form]);
  // Once submitted, the banner shows the first message only (REQ-UI-7): the controls with the others
  // stay marked but say nothing of their own (components/ui/field-messages.ts). A corrected field leaves the list as
  // it is re-validated (react-hook-form re-validates on change after a submit), and with it its mark.
  const owner = useRef(Symbol('step-form')).current;
  const messages = submitCount > 0 ? fieldIssues(errors).map((i) => i.message) : [];
  const published = messages.join('\u0000');
  useEffect(() => publishFormMessages(owner, published ? published.split('\u0000') : []), [owner, published]);
  useEffect(() => () => publishFormMessages(owner, null), [owner]);
  return { form, draft, firstError: submitCount > 0 ? firstErrorOf(errors) : undefined };
}

/**
 * The end of a step form: a draft that could not be saved says so, then Submit in the fixed bottom bar.
 * `refusal`: why the server would refuse this submit (useStepRefusal); undefined while that is not known yet, and Submit
 * waits, marked busy (as it does while `ready` is false). `blocked`: why the screen holds Submit back (a check first).
 * A refused or held Submit carries its reason beside it in the bar, where the user looks, not at the form's
 * end below the fold.
 */
export function StepSubmit({
  draft,
  busy,
  ready = true,
  refusal,
  blocked = null,
  busyText,
}: {
  draft: Pick<DraftState, 'error'>;
  busy: boolean;
  ready?: boolean;
  refusal: string | null | undefined;
  blocked?: string | null;
  busyText?: string;
}) {
  const reason = refusal ?? blocked;
  const waiting = !ready || refusal === undefined;
  return (
    <>
      {draft.error && <MessageLine variant="error">{draft.error.message}</MessageLine>}
      <FooterBar>
        <Button
          type="submit"
          size="lg"
          busy={busy}
          busyText={busyText ?? t('Submitting...')}
          disabled={waiting || !!reason}
          reason={waiting ? null : reason}
          aria-busy={busy || waiting || undefined}
        >
          {t('Submit')}
        </Button>
      </FooterBar>
    </>
  );
}

export function NoApplication() {
  return (
    <main className="page">
      <MessageLine variant="warning">{t(NO_APPLICATION)}</MessageLine>
    </main>
  );
}
