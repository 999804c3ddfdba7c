// /join-us: partner registration (workflow §3 'Partner registration' fields, §5 rules and messages). Documents upload as
// soon as they are picked (POST /v1/join-us/upload-file); the form is a draft on this device until it is sent, so a
// closed tab loses nothing; the answer's tracker_id is shown with a copy button.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import * as v from 'valibot';
import { PARTNER_MSG, PartnerRequest } from '../../../contracts/partner';
import { ApiFailure } from '../../api/http';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { afterFirstPaintDone } from '../../lib/after-first-paint';
import { newUuid } from '../../lib/ids';
import { lazyComponent } from '../../lib/lazy-component';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { StepSubmit, useStepForm } from '../../forms/use-step-form';
import { StepNotes } from '../../forms/step-notes';
import { sendPartnerRequest } from '../../api/public/join-us';

export type JoinUsValues = v.InferInput<typeof PartnerRequest> & { district?: string; file_names?: Record<string, string> };
type Values = JoinUsValues;
export const JOIN_US_DRAFT = 'public:join-us';
// The uploads are the form's last section, below the first screen: their code is asked for once the form has painted.
const JoinUsDocuments = lazyComponent(() => afterFirstPaintDone().then(() => import('./join-us-documents')).then((m) => m.JoinUsDocuments),
  <p className="muted">Loading...</p>);
// The pincode's lookup (platform §5) waits for the same moment; a pincode typed before it arrives is looked up then.
const PincodeFill = lazyComponent<{ form: UseFormReturn<Values>; enabled: boolean }>(() =>
  afterFirstPaintDone().then(() => import('../../forms/use-pincode-fill')).then((m) => m.PincodeFill));

const EMPTY: Values = {
  first_name: '', last_name: '', mobile: '', business_name: '', gst_number: '', email: '', pincode: '', city: '', state: '', address: '',
  bank_name: '', account_number: '', ifsc: '', pan: '', aadhaar_front: '', aadhaar_back: '', gst: '', cancelled_cheque: '', district: '', file_names: {},
};

// The link tracks by the request id, so the address holds no mobile number (issue 19).
function Submitted({ trackerId }: { trackerId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="stack" aria-label="Request submitted">
      <MessageLine variant="success">{PARTNER_MSG.submitted}</MessageLine>
      <p>Your partner request id is <strong className="tracker-id">{trackerId}</strong>.</p>
      <Button type="button" variant="outline" onClick={() => void navigator.clipboard?.writeText(trackerId).then(() => setCopied(true), () => setCopied(false))}>
        {copied ? 'Copied' : 'Copy request id'}
      </Button>
      <Link to="/join-us/track" search={{ mobile: trackerId }} className="ui-btn ui-btn--default ui-btn--size-lg">Track your request</Link>
    </section>
  );
}

const OFFLINE_SUBMIT = 'You are offline. Registering needs a network: what you typed stays here.';

export function JoinUsScreen() {
  const online = useOnline();
  const { form, draft, firstError } = useStepForm<Values>(PartnerRequest, EMPTY, JOIN_US_DRAFT);
  const [done, setDone] = useState<{ trackerId: string; mobile: string } | null>(null);
  const [key] = useState(newUuid);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = v.parse(PartnerRequest, values);
    try {
      const res = await sendPartnerRequest(body, key);
      await draft.clear();
      setDone({ trackerId: res.data.tracker_id, mobile: body.mobile });
      toast.success(res.message ?? PARTNER_MSG.submitted);
    } catch (err) {
      toast.error(err instanceof ApiFailure && err.status !== 0 ? err.message : 'Could not send your request. It is saved here: try again when you are online.');
    }
  });

  const text = (name: keyof Values & string, label: string, extra: Record<string, unknown> = {}) => (
    <FloatingInput label={label} error={(errors as Record<string, { message?: string } | undefined>)[name]?.message} {...extra} {...form.register(name as 'first_name')} />
  );

  return (
    <main className="page">
      <h1 className="page-title">Partner Registration</h1>
      {done ? <Submitted trackerId={done.trackerId} /> : (
        <form className="stack" onSubmit={onSubmit} noValidate aria-label="Partner Registration">
          <p className="muted">Join us as a partner. What you type is saved on this device until you send it.</p>
          <StepNotes draft={draft} error={firstError} />
          <PincodeFill form={form} enabled={online} />
          <fieldset className="form-section">
            <legend>About you</legend>
            {text('first_name', 'First name', { autoComplete: 'given-name' })}
            {text('last_name', 'Last name', { autoComplete: 'family-name' })}
            <div className="phone-row">
              <span className="prefix" aria-hidden="true">+91</span>
              {text('mobile', 'Mobile number', { inputMode: 'numeric', maxLength: 10, autoComplete: 'tel-national' })}
            </div>
            {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
            {text('business_name', 'Business name (optional)', { autoComplete: 'organization' })}
            {text('gst_number', 'GST number (optional)', { autoCapitalize: 'characters' })}
          </fieldset>
          <fieldset className="form-section">
            <legend>Address</legend>
            {text('pincode', 'Pincode', { inputMode: 'numeric', maxLength: 6, autoComplete: 'postal-code' })}
            {text('city', 'City', { autoComplete: 'address-level2' })}
            {text('state', 'State', { autoComplete: 'address-level1' })}
            {text('address', 'Address', { autoComplete: 'street-address' })}
          </fieldset>
          <fieldset className="form-section">
            <legend>Bank account</legend>
            {text('bank_name', 'Bank name')}
            {text('account_number', 'Account number', { inputMode: 'numeric', maxLength: 18, autoComplete: 'off' })}
            {text('ifsc', 'IFSC', { autoCapitalize: 'characters', maxLength: 11, autoComplete: 'off' })}
          </fieldset>
          <fieldset className="form-section">
            <legend>Documents</legend>
            {!online && <MessageLine variant="warning">You are offline. Documents upload when you are back online; what you typed stays here.</MessageLine>}
            <JoinUsDocuments form={form} online={online} />
          </fieldset>
          <StepSubmit draft={draft} busy={isSubmitting} refusal={null} blocked={online ? null : OFFLINE_SUBMIT} />
          <p className="muted small">Already registered? <Link to="/join-us/track">Track your partner request</Link></p>
        </form>
      )}
    </main>
  );
}
