// Workflow §3/§5 borrower form on /application/mobile?id=…: identity checks, address, loan wish, terms. Works offline
// except the two OTP checks; PAN and voter id checks queue, and the submit waits behind them in the outbox.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { BorrowerInfo } from '../../../contracts/borrower';
import { CONSENT_PURPOSES, CONSENT_TEXT_VERSION, type Consent } from '../../../contracts/consent';
import { NO_GEOTAG } from '../../../contracts/files';
import { toDmy } from '../../../contracts/dates';
import type { Deviation } from '../../../contracts/deviations';
import {
  ADDRESS_TYPES,
  GENDERS,
  HOUSE_TYPES,
  LOAN_PRODUCTS,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  PROPERTY_OWNERSHIP,
  TITLES,
} from '../../../contracts/enums';
import { AADHAAR_PATTERN } from '../../../contracts/patterns';
import { type LoanType, PRODUCTS } from '../../../contracts/products';
import { VERIFY_MSG } from '../../../contracts/verification';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { MessageLine } from '../../components/ui/message-line';
import { useOutboxOps } from '../../db/hooks';
import { patchCachedApplication } from '../../db/records';
import { useUserDb } from '../../db/user-db-context';
import { captureGeoTag } from '../../lib/geotag';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { useProfile } from '../../forms/profile-store';
import { cachedTenant } from '../../api/tenant/apply-tenant';
import {
  ageOf,
  type BorrowerAppData,
  type BorrowerFormValues,
  defaultTenure,
  digitsToNumber,
  emptyBorrower,
  maskDmy,
  isMaskedAadhaar,
  maskedAadhaar,
} from '../../forms/borrower-form-values';
import { CheckRow } from '../../forms/check-row';
import { aadhaarOtpFlow, mobileOtpFlow } from './otp-calls';
import { matchNames, nameValues } from '../../forms/name-match';
import { OtpSheet } from '../../components/ui/otp-sheet';
import { borrowerDraftKey, submitBorrower } from './submit-borrower';
import { type AppVerificationData, type Check, checkState, enqueueCheck } from '../../forms/verification-ops';
import { usePincodeFill } from '../../forms/use-pincode-fill';
import { FormSelect, optionsOf } from '../../forms/form-select';
import { useStagePath } from '../../forms/flow-context';
import { StepNotes, useStepForm } from '../../forms/use-step-form';

const numberField = { setValueAs: digitsToNumber };

export function termsText(lender: string) {
  return `I confirm the details above are true. I authorise ${lender} to verify my identity through Aadhaar (with OTP), CKYC and credit bureau checks for this loan application, and I accept the Terms & Conditions.`;
}

/**
 * Issue 9: ticking the consent records it at once (text version, the phone's time, the officer), then the place when the
 * phone finds it; unticking removes it. The record goes with the borrower step.
 */
async function recordConsent(form: UseFormReturn<BorrowerFormValues>, given: boolean, officerId: number) {
  if (!given) return form.setValue('consent', undefined);
  const consent: Consent = { text_version: CONSENT_TEXT_VERSION, purposes: [...CONSENT_PURPOSES], given_at: new Date().toISOString(), officer_id: officerId, geo_tag: NO_GEOTAG };
  form.setValue('consent', consent);
  const geo_tag = await captureGeoTag();
  if (form.getValues('consent')?.given_at === consent.given_at) form.setValue('consent', { ...consent, geo_tag });
}

export function BorrowerForm({ app }: { app: BorrowerAppData }) {
  const to = useStagePath();
  const db = useUserDb();
  const profileId = useProfile().id;
  const online = useOnline();
  const navigate = useNavigate();
  const ops = useOutboxOps(db);
  const appId = app.id;
  const defaults = { ...emptyBorrower(app.phone, app.name ?? ''), aadhaar: maskedAadhaar(app.verifications?.aadhaar?.last4 ?? '') };
  const { form, draft, firstError } = useStepForm<BorrowerFormValues>(BorrowerInfo, defaults, borrowerDraftKey(appId));
  const { errors, isSubmitting } = form.formState;
  const [sheet, setSheet] = useState<
    { kind: 'mobile'; flow: ReturnType<typeof mobileOtpFlow> } | { kind: 'aadhaar'; flow: ReturnType<typeof aadhaarOtpFlow> } | null
  >(null);
  usePincodeFill(form, online);

  const [pan, voterId, aadhaar, loanType, dob, ownership, last4] = form.watch([
    'pan',
    'voter_id',
    'aadhaar',
    'loan_type',
    'dob',
    'address_ownership_type',
    'aadhaar_last4',
  ]);
  const panCheck = checkState('pan', pan, app, ops);
  const voterCheck = checkState('voter_id', voterId, app, ops);
  const phoneVerified = app.is_phone_verified === true;
  const aadhaarVerified = !!app.verifications?.aadhaar && app.verifications.aadhaar.last4 === last4;
  const mobileCheck: Check = phoneVerified ? { state: 'verified' } : { state: 'none' };
  const aadhaarCheck: Check = aadhaarVerified ? { state: 'verified', name: app.verifications?.aadhaar?.name } : { state: 'none' };
  const checksOk = phoneVerified && [panCheck, voterCheck].every((c) => c.state === 'verified' || c.state === 'pending');

  // Restored drafts hold only the last 4 Aadhaar digits: show them masked. A typed full number gives its last 4.
  useEffect(() => {
    if (AADHAAR_PATTERN.test(aadhaar)) form.setValue('aadhaar_last4', aadhaar.slice(-4));
    else if (aadhaar === '' && last4 && draft.ready) form.setValue('aadhaar', maskedAadhaar(last4));
    else if (!isMaskedAadhaar(aadhaar) && last4 && aadhaar !== '') form.setValue('aadhaar_last4', '');
  }, [aadhaar, last4, draft.ready, form]);
  useEffect(() => {
    form.setValue('age', ageOf(dob));
  }, [dob, form]);

  // Say it once when a queued check gets its answer while the officer is looking.
  const [seen, setSeen] = useState<Record<string, string>>({});
  useEffect(() => {
    for (const [field, c] of [
      ['pan', panCheck],
      ['voter_id', voterCheck],
    ] as const) {
      const key = `${c.state}:${field === 'pan' ? pan : voterId}`;
      if (seen[field] === key) continue;
      if (seen[field]?.startsWith('pending') && c.state === 'verified' && field === 'pan') toast.success(VERIFY_MSG.panVerified);
      if (seen[field]?.startsWith('pending') && c.state === 'failed' && c.message) toast.error(c.message);
      setSeen((s) => ({ ...s, [field]: key }));
    }
  }, [panCheck, voterCheck, pan, voterId, seen]);

  const verify = async (field: 'pan' | 'voter_id') => {
    if (!db) return;
    const ok = await form.trigger(field);
    if (!ok) return;
    await enqueueCheck(db, appId, field, form.getValues(field));
  };

  // A name mismatch shows the inline warning and 'Continue with Deviation'; editing the name asks again.
  const [mismatch, setMismatchFor] = useState<{ name: string; deviation: Deviation } | null>(null);
  const typedName = form.watch('name');
  const deviation = mismatch && mismatch.name === typedName ? mismatch.deviation : null;
  const setMismatch = (d: Deviation) => setMismatchFor({ name: typedName, deviation: d });

  const submit = (withDeviation: boolean) =>
    form.handleSubmit(async (values) => {
      if (!db) return;
      try {
        let deviations: Deviation[] | undefined;
        if (withDeviation && deviation) deviations = [deviation];
        else if (online) {
          const outcome = await matchNames(
            appId,
            nameValues({ PAN: panCheck.name, VOTER_ID: voterCheck.name, INPUT: values.name }),
            'BORROWER_NAME_MISMATCH_DEVIATION',
          );
          if (outcome.kind === 'failed') return void toast.error(outcome.message);
          if (outcome.kind === 'mismatch') {
            setMismatch(outcome.deviation);
            return void toast.error(VERIFY_MSG.nameMismatch);
          }
        }
        await submitBorrower(db, appId, { ...(values as unknown as BorrowerInfo), ...(deviations ? { deviations } : {}) });
        toast.success(online ? VERIFY_MSG.formSubmitted : 'Saved on this phone. It will be sent when the phone is online.');
        await navigate({ to: to('kyc'), search: { id: appId } });
      } catch (err) {
        toast.error(err instanceof Error ? err.message : VERIFY_MSG.submitFailed);
      }
    });

  const onSubmit = submit(false);
  const product = PRODUCTS[loanType as LoanType] ?? PRODUCTS.MFI_BUSINESS_LOAN;
  const lender = cachedTenant()?.lender_name ?? 'the lender';
  const sel = (
    name: keyof BorrowerFormValues,
    label: string,
    list: readonly { value: string | number; label: string }[],
    extra: { onPicked?: (v: string | number | null) => void; searchable?: boolean } = {},
  ) => <FormSelect control={form.control} name={name} label={label} options={list} searchable={extra.searchable} onPicked={extra.onPicked} />;

  // The OTP sheets sit beside the form, not in it: a form inside a form would submit the wrong one.
  return (
    <>
      <form className="stack" onSubmit={onSubmit} noValidate aria-label="Borrower details">
        <StepNotes draft={draft} error={firstError} />

        <fieldset className="form-section">
          <legend>Verification</legend>
          <CheckRow
            id="phone"
            check={mobileCheck}
            disabled={!online}
            onVerify={() => setSheet({ kind: 'mobile', flow: mobileOtpFlow(app.phone, appId) })}
          >
            <FloatingInput label="Borrower mobile number" value={`+91 ${app.phone}`} readOnly />
          </CheckRow>
          {!phoneVerified && !online && <MessageLine variant="warning">Verifying the mobile number needs the network.</MessageLine>}
          <CheckRow
            id="aadhaar"
            check={aadhaarCheck}
            disabled={!online || !AADHAAR_PATTERN.test(aadhaar)}
            onVerify={() => setSheet({ kind: 'aadhaar', flow: aadhaarOtpFlow(aadhaar, appId) })}
          >
            <FloatingInput
              label="Aadhaar number"
              inputMode="numeric"
              maxLength={12}
              autoComplete="off"
              readOnly={aadhaarVerified}
              error={errors.aadhaar_last4?.message}
              {...form.register('aadhaar', { setValueAs: (v: string) => (/^X/.test(v) ? v : v.replace(/\D/g, '')) })}
            />
          </CheckRow>
          <CheckRow id="pan" check={panCheck} onVerify={() => void verify('pan')}>
            <FloatingInput
              label="PAN"
              autoCapitalize="characters"
              maxLength={10}
              autoComplete="off"
              readOnly={panCheck.state === 'verified' || panCheck.state === 'pending'}
              error={errors.pan?.message}
              {...form.register('pan', { setValueAs: (v: string) => v.toUpperCase().trim() })}
            />
          </CheckRow>
          <CheckRow id="voter" check={voterCheck} onVerify={() => void verify('voter_id')}>
            <FloatingInput
              label="Voter ID"
              autoCapitalize="characters"
              maxLength={20}
              autoComplete="off"
              readOnly={voterCheck.state === 'verified' || voterCheck.state === 'pending'}
              error={errors.voter_id?.message}
              {...form.register('voter_id', { setValueAs: (v: string) => v.toUpperCase().trim() })}
            />
          </CheckRow>
        </fieldset>

        <fieldset className="form-section">
          <legend>Borrower</legend>
          {sel('title', 'Title', optionsOf(TITLES))}
          <FloatingInput label="Full name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
          <div className="two-col">
            {sel('gender', 'Gender', optionsOf(GENDERS))}
            {sel('marital_status', 'Marital status', optionsOf(MARITAL_STATUSES))}
          </div>
          <div className="two-col">
            <FloatingInput
              label="DOB (DD-MM-YYYY)"
              inputMode="numeric"
              maxLength={10}
              error={errors.dob?.message}
              {...form.register('dob', { onChange: (e) => form.setValue('dob', maskDmy(e.target.value)) })}
            />
            <FloatingInput label="Age" value={form.watch('age') ?? ''} readOnly error={errors.age?.message} />
          </div>
          <FloatingInput
            label="Alternate mobile number (optional)"
            inputMode="numeric"
            maxLength={10}
            error={errors.alternate_phone?.message}
            {...form.register('alternate_phone')}
          />
          <FloatingInput
            label="Email (optional)"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
        </fieldset>

        <fieldset className="form-section">
          <legend>Residence</legend>
          <FloatingInput label="Pincode" inputMode="numeric" maxLength={6} error={errors.pincode?.message} {...form.register('pincode')} />
          <div className="two-col">
            <FloatingInput label="City" error={errors.city?.message} {...form.register('city')} />
            <FloatingInput label="District" error={errors.district?.message} {...form.register('district')} />
          </div>
          <FloatingInput label="State" error={errors.state?.message} {...form.register('state')} />
          <FloatingTextarea label="Address" error={errors.address?.message} {...form.register('address')} />
          {sel('address_type', 'Address type', optionsOf(ADDRESS_TYPES))}
          {sel('address_ownership_type', 'Address ownership', optionsOf(PROPERTY_OWNERSHIP))}
          {ownership === 'FAMILY_OWNED' && <FloatingInput label="Owned by (family member)" {...form.register('address_owned_by')} />}
          <div className="two-col">
            <FloatingInput
              label="Years here"
              inputMode="numeric"
              maxLength={2}
              error={errors.years_of_residence?.message}
              {...form.register('years_of_residence', numberField)}
            />
            {sel('house_type', 'House type', optionsOf(HOUSE_TYPES))}
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Loan</legend>
          {sel('loan_type', 'Loan type', optionsOf(LOAN_PRODUCTS), {
            onPicked: (v) => v && form.setValue('tenure_requested', defaultTenure(v as LoanType)),
          })}
          <FloatingInput
            label={`Loan amount (₹${product.minAmount.toLocaleString('en-IN')} to ₹${product.maxAmount.toLocaleString('en-IN')})`}
            inputMode="numeric"
            maxLength={11}
            error={errors.amount_requested?.message}
            {...form.register('amount_requested', numberField)}
          />
          {sel(
            'tenure_requested',
            'Tenure (months)',
            product.tenures.map((t) => ({ value: t, label: `${t} months` })),
          )}
          <FloatingInput
            label="EMI you can pay (₹ per month)"
            inputMode="numeric"
            maxLength={11}
            error={errors.emi_requested?.message}
            {...form.register('emi_requested', numberField)}
          />
          {sel('purpose', 'Purpose of the loan', optionsOf(LOAN_PURPOSES))}
        </fieldset>

        <label className="terms">
          <input type="checkbox" {...form.register('terms_accepted', { onChange: (e) => void recordConsent(form, e.target.checked, profileId) })} />
          <span>{termsText(lender)}</span>
        </label>
        {errors.terms_accepted?.message && <MessageLine variant="error">{errors.terms_accepted.message}</MessageLine>}
        {!checksOk && <MessageLine variant="warning">Verify the mobile number, PAN and voter ID to submit.</MessageLine>}
        {draft.error && <MessageLine variant="error">{draft.error.message}</MessageLine>}
        {deviation && (
          <>
            <MessageLine variant="warning">{VERIFY_MSG.nameMismatchBanner}</MessageLine>
            <Button variant="outline" size="lg" disabled={isSubmitting} onClick={() => void submit(true)()}>
              {VERIFY_MSG.continueWithDeviation}
            </Button>
          </>
        )}
        <Button type="submit" size="lg" busy={isSubmitting} busyText="Saving..." disabled={!db || !checksOk}>
          Submit
        </Button>
      </form>
      {sheet?.kind === 'mobile' && (
        <OtpSheet
          title="Verify mobile number"
          sentTo={`+91 ${app.phone}`}
          onClose={() => setSheet(null)}
          send={sheet.flow.send}
          verify={async (otp) => {
            const r = await sheet.flow.verify(otp);
            if (!r.ok) return r.message;
            if (db)
              await patchCachedApplication(db, appId, (d) => ({
                is_phone_verified: true,
                verifications: { ...(d as AppVerificationData).verifications, phone: { value: app.phone } },
              }));
            setSheet(null);
            toast.success('Mobile number verified');
            return null;
          }}
        />
      )}
      {sheet?.kind === 'aadhaar' && (
        <OtpSheet
          title="Verify Aadhaar"
          sentTo="the mobile number linked with this Aadhaar"
          onClose={() => setSheet(null)}
          send={sheet.flow.send}
          verify={async (otp) => {
            const r = await sheet.flow.verify(otp);
            if (!r.ok) return r.outcome;
            const a = r.data;
            const opts = { shouldDirty: true, shouldValidate: true };
            form.setValue('name', a.name.toUpperCase(), opts);
            form.setValue('dob', toDmy(a.dob), opts);
            if (a.gender) form.setValue('gender', a.gender, opts);
            form.setValue('aadhaar_last4', a.aadhaar_last4, opts);
            form.setValue('aadhaar', maskedAadhaar(a.aadhaar_last4));
            const s = a.split_address;
            form.setValue('address', a.address, opts);
            if (s?.pincode) {
              form.setValue('pincode', s.pincode, opts);
              form.setValue('city', s.city, opts);
              form.setValue('district', s.district || s.city, opts);
              form.setValue('state', s.state, opts);
            }
            if (db)
              await patchCachedApplication(db, appId, (d) => ({
                verifications: { ...(d as AppVerificationData).verifications, aadhaar: { last4: a.aadhaar_last4, name: a.name } },
              }));
            setSheet(null);
            toast.success(VERIFY_MSG.aadhaarVerified);
            toast.success(VERIFY_MSG.addressPrefilled);
            return null;
          }}
        />
      )}
    </>
  );
}
