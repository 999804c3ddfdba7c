// REQ-BORR-1 borrower form on /application/mobile?id=…: identity checks, address, loan wish, terms. Works offline
// except the two OTP checks; PAN and voter id checks queue, and the submit waits behind them in the outbox.
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { BorrowerInfo } from '../../../contracts/borrower';
import { CONSENT_PURPOSES, CONSENT_TEXT_VERSION, type Consent } from '../../../contracts/consent';
import type { Language } from '../../../contracts/language';
import { BorrowerLanguagePicker, useBorrowerLanguage } from '../../components/ui/borrower-language';
import { LANG_TAG, tIn } from '../../i18n';
import { NO_GEOTAG } from '../../../contracts/files';
import type { Deviation } from '../../../contracts/deviations';
import { AADHAAR_PATTERN } from '../../../contracts/patterns';
import { VERIFY_MSG } from '../../../contracts/verification';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { setDerived } from '../../forms/set-derived';
import { MessageLine } from '../../components/ui/message-line';
import { useOutboxOps } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { t } from '../../i18n';
import { captureGeoTag } from '../../lib/geotag';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { useProfile } from '../../session/profile-store';
import { cachedTenant } from '../../api/tenant/apply-tenant';
import {
  ageOf,
  type BorrowerAppData,
  type BorrowerFormValues,
  isMaskedAadhaar,
  maskedAadhaar,
  submittedBorrower,
} from '../../forms/borrower-form-values';
import { CheckRow } from '../../forms/check-row';
import { aadhaarOtpFlow, mobileOtpFlow } from './otp-calls';
import { matchNames, nameValues } from '../../workflow/name-match';
import { borrowerDraftKey, submitBorrower } from './submit-borrower';
import { type Check, checkPasses, checkState } from '../../ops/verification-ops';
import { useCheckVerify } from '../../forms/use-check-verify';
import { usePincodeFill } from '../../forms/use-pincode-fill';
import { useStagePath } from '../../session/flow-context';
import { BorrowerDetailsFields } from './borrower-details-fields';
import { BorrowerOtpSheets, type OtpSheetFor } from './borrower-otp-sheets';
import { StepSubmit, useStepForm } from '../../forms/use-step-form';
import { verifyReason } from '../../workflow/verify-reason';
import { StepNotes } from '../../forms/step-notes';
import { useStepRefusal } from '../../forms/use-step-refusal';
import { createAnswered } from '../../ops/start-application';

/** The consent as the borrower reads it, in the language they chose (English unless given). */
export function termsText(lender: string, language: Language = 'en') {
  return tIn(
    language,
    'I confirm the details above are true. I authorise {lender} to verify my identity through Aadhaar (with OTP), CKYC and credit bureau checks for this loan application, and I accept the Terms & Conditions.',
    { lender },
  );
}

/**
 * Ticking the consent records it at once (text version, the phone's time, the officer), then the place when the
 * phone finds it; unticking removes it. The record goes with the borrower step.
 */
async function recordConsent(form: UseFormReturn<BorrowerFormValues>, given: boolean, officerId: number, language: Language) {
  if (!given) return form.setValue('consent', undefined);
  const consent: Consent = {
    text_version: CONSENT_TEXT_VERSION,
    purposes: [...CONSENT_PURPOSES],
    given_at: new Date().toISOString(),
    officer_id: officerId,
    geo_tag: NO_GEOTAG,
    language,
  };
  form.setValue('consent', consent);
  const geo_tag = await captureGeoTag();
  if (form.getValues('consent')?.given_at === consent.given_at) form.setValue('consent', { ...consent, geo_tag });
}

export function BorrowerForm({ app }: { app: BorrowerAppData }) {
  const to = useStagePath();
  const db = useUserDb();
  const profileId = useProfile().id;
  // The language the borrower reads the consent in, recorded with it.
  const [consentLanguage, chooseConsentLanguage, consentLanguageFailed] = useBorrowerLanguage();
  const online = useOnline();
  const navigate = useNavigate();
  const ops = useOutboxOps(db);
  const appId = app.id;
  const refusal = useStepRefusal(appId, 'borrower.submit');
  // A submitted borrower step opens with what was submitted (the phone's copy, also offline).
  const defaults = { ...submittedBorrower(app), aadhaar: maskedAadhaar(app.verifications?.aadhaar?.last4 ?? '') };
  const { form, draft, firstError } = useStepForm<BorrowerFormValues>(BorrowerInfo, defaults, borrowerDraftKey(appId));
  // A consent already given (a draft, the submitted step) shows in the language it was given in, so the text on the
  // screen and the language recorded with it agree.
  const givenIn = form.watch('consent')?.language;
  useEffect(() => {
    if (givenIn && givenIn !== consentLanguage) void chooseConsentLanguage(givenIn);
  }, [givenIn, consentLanguage, chooseConsentLanguage]);
  const { errors, isSubmitting } = form.formState;
  const [sheet, setSheet] = useState<OtpSheetFor | null>(null);
  usePincodeFill(form, online);

  const [pan, voterId, aadhaar, dob, last4] = form.watch(['pan', 'voter_id', 'aadhaar', 'dob', 'aadhaar_last4']);
  const panCheck = checkState('pan', pan, app, ops);
  const voterCheck = checkState('voter_id', voterId, app, ops);
  const phoneVerified = app.is_phone_verified === true;
  const aadhaarVerified = !!app.verifications?.aadhaar && app.verifications.aadhaar.last4 === last4;
  const mobileCheck: Check = phoneVerified ? { state: 'verified' } : { state: 'none' };
  const aadhaarCheck: Check = aadhaarVerified ? { state: 'verified', name: app.verifications?.aadhaar?.name } : { state: 'none' };
  // Submit's reason names only what still holds it: a PAN or voter id check queued offline no longer does.
  const held = verifyReason([
    [t('mobile number'), phoneVerified],
    [t('PAN'), checkPasses(panCheck)],
    [t('voter ID'), checkPasses(voterCheck)],
  ]);

  // Restored drafts hold only the last 4 Aadhaar digits: show them masked. A typed full number gives its last 4.
  useEffect(() => {
    if (AADHAAR_PATTERN.test(aadhaar)) setDerived(form, 'aadhaar_last4', aadhaar.slice(-4));
    else if (aadhaar === '' && last4 && draft.ready) form.setValue('aadhaar', maskedAadhaar(last4));
    else if (!isMaskedAadhaar(aadhaar) && last4 && aadhaar !== '') setDerived(form, 'aadhaar_last4', '');
  }, [aadhaar, last4, draft.ready, form]);
  useEffect(() => {
    setDerived(form, 'age', ageOf(dob));
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
      // The same ids as the Verify tap's own announcement (useCheckVerify): one answer is said once.
      const said = `${field}:${(field === 'pan' ? pan : voterId).trim().toUpperCase()}`;
      if (seen[field]?.startsWith('pending') && c.state === 'verified' && field === 'pan')
        toast.success(VERIFY_MSG.panVerified, { toastId: `check-ok:${said}` });
      if (seen[field]?.startsWith('pending') && c.state === 'failed' && c.message)
        toast.error(c.message, { toastId: `check-failed:${said}` });
      setSeen((s) => ({ ...s, [field]: key }));
    }
  }, [panCheck, voterCheck, pan, voterId, seen]);

  // Junk is caught in front of the borrower; an edit of a value still queued replaces its check.
  const verify = useCheckVerify(db, appId, form, (field) => (app as Record<string, unknown>)[field] as string | undefined);

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
        toast.success(online ? VERIFY_MSG.formSubmitted : t('Saved on this phone. It will be sent when the phone is online.'));
        await navigate({ to: to('kyc'), search: { id: appId } });
      } catch (err) {
        toast.error(err instanceof Error ? err.message : VERIFY_MSG.submitFailed);
      }
    });

  const onSubmit = submit(false);
  // An OTP check right after 'Save and continue' waits for the application to reach the server.
  const onServer = async () => (db ? createAnswered(db, appId) : null);
  const lender = cachedTenant()?.lender_name ?? t('the lender');

  // The OTP sheets sit beside the form, not in it: a form inside a form would submit the wrong one.
  return (
    <>
      <form className="stack" onSubmit={onSubmit} noValidate aria-label={t('Borrower details')}>
        <StepNotes draft={draft} error={firstError} />

        <fieldset className="form-section">
          <legend>{t('Verification')}</legend>
          <CheckRow
            id="phone"
            check={mobileCheck}
            disabled={!online}
            onVerify={() => setSheet({ kind: 'mobile', flow: mobileOtpFlow(app.phone, appId, onServer) })}
          >
            {/* Offline, a fix's focus lands here (Verify is disabled): the field says why nothing can be done yet. */}
            <FloatingInput
              label={t('Borrower mobile number')}
              value={`+91 ${app.phone}`}
              readOnly
              data-error-for="phone"
              aria-describedby={!phoneVerified && !online ? 'phone-offline' : undefined}
            />
          </CheckRow>
          {!phoneVerified && !online && (
            <MessageLine id="phone-offline" variant="warning">
              {t('Verifying the mobile number needs the network.')}
            </MessageLine>
          )}
          {/* Capture goes on without the OTP: the next steps are saved on the phone and sent after it. */}
          {!phoneVerified && (app.stages ?? []).length === 0 && (
            <p className="small">
              {t('With the borrower now? Fill in the next steps while the mobile waits:')}{' '}
              <Link to={to('kyc')} search={{ id: appId }}>
                {t('Go on to Borrowers Info')}
              </Link>
              {t(". They are sent after the borrower's mobile is verified and this form is submitted.")}
            </p>
          )}
          <CheckRow
            id="aadhaar"
            check={aadhaarCheck}
            disabled={!online || !AADHAAR_PATTERN.test(aadhaar)}
            onVerify={() => setSheet({ kind: 'aadhaar', flow: aadhaarOtpFlow(aadhaar, appId, onServer) })}
          >
            <FloatingInput
              label={t('Aadhaar number')}
              inputMode="numeric"
              maxLength={12}
              autoComplete="off"
              readOnly={aadhaarVerified}
              error={errors.aadhaar_last4?.message}
              data-error-for="aadhaar_last4"
              {...form.register('aadhaar', { setValueAs: (v: string) => (/^X/.test(v) ? v : v.replace(/\D/g, '')) })}
            />
          </CheckRow>
          {!aadhaarVerified && !online && AADHAAR_PATTERN.test(aadhaar) && (
            <MessageLine variant="warning">{t('Verifying the Aadhaar number needs the network.')}</MessageLine>
          )}
          <CheckRow id="pan" check={panCheck} onVerify={() => void verify('pan')}>
            <FloatingInput
              label={t('PAN')}
              autoCapitalize="characters"
              maxLength={10}
              autoComplete="off"
              readOnly={panCheck.state === 'verified'}
              error={errors.pan?.message}
              {...form.register('pan', { setValueAs: (v: string) => v.toUpperCase().trim() })}
            />
          </CheckRow>
          <CheckRow id="voter" check={voterCheck} onVerify={() => void verify('voter_id')}>
            <FloatingInput
              label={t('Voter ID')}
              autoCapitalize="characters"
              maxLength={20}
              autoComplete="off"
              readOnly={voterCheck.state === 'verified'}
              error={errors.voter_id?.message}
              {...form.register('voter_id', { setValueAs: (v: string) => v.toUpperCase().trim() })}
            />
          </CheckRow>
        </fieldset>

        <BorrowerDetailsFields form={form} />

        <BorrowerLanguagePicker
          value={consentLanguage}
          onChoose={(l) => {
            void chooseConsentLanguage(l);
            // A consent already ticked was given to the text in the other language: it is asked for again.
            if (form.getValues('terms_accepted')) {
              form.setValue('terms_accepted', false);
              void recordConsent(form, false, profileId, l);
            }
          }}
          failed={consentLanguageFailed}
        />
        <label className="terms" lang={LANG_TAG[consentLanguage]}>
          <input
            type="checkbox"
            {...form.register('terms_accepted', {
              onChange: (e) => void recordConsent(form, e.target.checked, profileId, consentLanguage),
            })}
          />
          <span>{termsText(lender, consentLanguage)}</span>
        </label>
        {errors.terms_accepted?.message && <MessageLine variant="error">{errors.terms_accepted.message}</MessageLine>}
        {deviation && (
          <>
            <MessageLine variant="warning">{t(VERIFY_MSG.nameMismatchBanner)}</MessageLine>
            <Button variant="outline" size="lg" disabled={isSubmitting} onClick={() => void submit(true)()}>
              {t(VERIFY_MSG.continueWithDeviation)}
            </Button>
          </>
        )}
        <StepSubmit draft={draft} busy={isSubmitting} busyText={t('Saving...')} ready={!!db} refusal={refusal} blocked={held} />
      </form>
      {sheet && <BorrowerOtpSheets sheet={sheet} onClose={() => setSheet(null)} form={form} app={app} />}
    </>
  );
}
