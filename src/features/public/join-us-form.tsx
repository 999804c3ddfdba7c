// /join-us's form: partner registration (REQ-PUB-3: fields, rules and messages). Documents
// upload as soon as they are picked (POST /v1/join-us/upload-file); the form is a draft on this device until it is sent,
// so a closed tab loses nothing; the answer's tracker_id is shown with a copy button. It loads after the page has painted
// its fields (join-us-screen.tsx) and takes over what was typed into them (painted-form.ts).
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import * as v from 'valibot';
import { PARTNER_MSG, PartnerRequest } from '../../../contracts/partner';
import { ApiFailure } from '../../api/http';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { newUuid } from '../../lib/ids';
import { lazyComponent } from '../../lib/lazy-component';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { StepSubmit, useStepForm } from '../../forms/use-step-form';
import { StepNotes } from '../../forms/step-notes';
import { usePaintedTakeOver } from '../../forms/painted-form';
import { JOIN_US_INTRO, JoinUsFieldsets } from './join-us-fields';
import { sendPartnerRequest } from '../../api/public/join-us';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

export type JoinUsValues = v.InferInput<typeof PartnerRequest> & { district?: string; file_names?: Record<string, string> };
type Values = JoinUsValues;
export const JOIN_US_DRAFT = 'public:join-us';
/** The painted form's id (join-us-screen.tsx). */
export const JOIN_US_PAINTED = 'join-us';
// The uploads (the file field, its preview card and sheet, the camera) and the pincode's lookup (REQ-VAL-3) are chunks
// of their own, asked for as this form renders; a pincode typed before the lookup arrives is looked up then.
// A component, not an element: the fallback reads the language when it shows, not when this module loads.
const Loading = () => <p className="muted">{t('Loading...')}</p>;
const JoinUsDocuments = lazyComponent(() => import('./join-us-documents').then((m) => m.JoinUsDocuments), <Loading />);
const PincodeFill = lazyComponent<{ form: UseFormReturn<Values>; enabled: boolean }>(() =>
  import('../../forms/use-pincode-fill').then((m) => m.PincodeFill),
);

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  mobile: '',
  business_name: '',
  gst_number: '',
  email: '',
  pincode: '',
  city: '',
  state: '',
  address: '',
  bank_name: '',
  account_number: '',
  ifsc: '',
  pan: '',
  aadhaar_front: '',
  aadhaar_back: '',
  gst: '',
  cancelled_cheque: '',
  district: '',
  file_names: {},
};

// The link tracks by the request id, so the address holds no mobile number.
function Submitted({ trackerId }: { trackerId: string }) {
  const [copied, setCopied] = useState(false);
  // The id stays in its own element wherever the language puts it in the sentence.
  const [before, after] = t('Your partner request id is {id}.', { id: '\u0000' }).split('\u0000');
  return (
    <section className="stack" aria-label={t('Request submitted')}>
      <MessageLine variant="success">{t(PARTNER_MSG.submitted)}</MessageLine>
      <p>
        {before}
        <strong className="tracker-id">{trackerId}</strong>
        {after}
      </p>
      <Button
        type="button"
        variant="outline"
        onClick={() =>
          void navigator.clipboard?.writeText(trackerId).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('Copied') : t('Copy request id')}
      </Button>
      <Link to="/join-us/track" search={{ mobile: trackerId }} className="ui-btn ui-btn--default ui-btn--size-lg">
        {t('Track your request')}
      </Link>
    </section>
  );
}

/** A rule's message in the visitor's language (the rules keep their English source). */
const textOf = (message: string | undefined) => (message ? t(message) : undefined);
const OFFLINE_SUBMIT = msg('You are offline. Registering needs a network: what you typed stays here.');

export function JoinUsForm() {
  const online = useOnline();
  const { form, draft, firstError } = useStepForm<Values>(PartnerRequest, EMPTY, JOIN_US_DRAFT);
  usePaintedTakeOver(JOIN_US_PAINTED, form, draft.markEdited);
  const [done, setDone] = useState<{ trackerId: string; mobile: string } | null>(null);
  const [key] = useState(newUuid);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = v.parse(PartnerRequest, values);
    try {
      const res = await sendPartnerRequest(body, key);
      await draft.clear();
      setDone({ trackerId: res.data.tracker_id, mobile: body.mobile });
      toast.success(t(res.message ?? PARTNER_MSG.submitted));
    } catch (err) {
      toast.error(
        err instanceof ApiFailure && err.status !== 0
          ? err.message
          : t('Could not send your request. It is saved here: try again when you are online.'),
      );
    }
  });

  const text = (name: string, label: string, hints: Record<string, unknown>) => (
    <FloatingInput
      label={label}
      error={textOf((errors as Record<string, { message?: string } | undefined>)[name]?.message)}
      {...hints}
      {...form.register(name as 'first_name')}
    />
  );

  if (done) return <Submitted trackerId={done.trackerId} />;
  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label={t('Partner Registration')}>
      <p className="muted">{t(JOIN_US_INTRO)}</p>
      <StepNotes draft={draft} error={firstError} />
      <PincodeFill form={form} enabled={online} />
      <JoinUsFieldsets
        input={text}
        documents={
          <>
            {!online && (
              <MessageLine variant="warning">
                {t('You are offline. Documents upload when you are back online; what you typed stays here.')}
              </MessageLine>
            )}
            <JoinUsDocuments form={form} online={online} />
          </>
        }
      />
      <StepSubmit draft={draft} busy={isSubmitting} refusal={null} blocked={online ? null : t(OFFLINE_SUBMIT)} />
      <p className="muted small">
        {t('Already registered?')} <Link to="/join-us/track">{t('Track your partner request')}</Link>
      </p>
    </form>
  );
}
