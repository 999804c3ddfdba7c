// /application/bank-account-details?id=: the borrower's bank account (REQ-BANK-1 to REQ-BANK-3). The bank check runs at
// once online or waits in the outbox; the bank holder's name is matched with the Aadhaar name (two sources), and a
// mismatch can go on with a BANK_NAME_MISMATCH_DEVIATION.
import { AfterMobileNote } from '../../forms/after-mobile-note';
import { useNavigate } from '@tanstack/react-router';
import { NeedsYouBanner } from '../../review/needs-you-list';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { BANK_ACCOUNT_TYPE_OPTIONS, BANK_MSG, BankAccountInfo, isAccountTypeComplaint } from '../../../contracts/bank-account';
import type { Deviation } from '../../../contracts/deviations';
import type { Bank } from '../../../contracts/lists';
import { productRoleOf } from '../../../contracts/roles';
import { VERIFY_MSG } from '../../../contracts/verification';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { useAppRecords, useApplication, useList, useOutboxOps } from '../../db/hooks';
import { handOverBlockers } from '../../workflow/hand-over-gate';
import { useUserDb } from '../../db/user-db-context';
import { t } from '../../i18n';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { useProfile } from '../../session/profile-store';
import { CheckRow } from '../../forms/check-row';
import { matchNames, nameValues } from '../../workflow/name-match';
import { checkState } from '../../ops/verification-ops';
import { useCheckVerify } from '../../forms/use-check-verify';
import { FormSelect, optionsOf } from '../../forms/form-select';
import { awaitAnswer, submitStep } from '../../ops/settle-step';
import { StepPair } from '../../forms/step-pairs';
import { maskAccount, StepSummary } from '../../forms/step-summary';
import { LIST_KEYS } from '../../sync/prefetch';
import { PhotoField } from '../../photos/photo-field';
import { BANK_KIND, bankDraftKey, submitBankAccount } from './bank-account-step';
import { useStagePath } from '../../session/flow-context';
import { NoApplication, StepSubmit, useStepForm } from '../../forms/use-step-form';
import { StepNotes } from '../../forms/step-notes';
import { useStepWaiting } from '../../forms/use-step-waiting';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';
import { useStepRefusal } from '../../forms/use-step-refusal';
import { useStatementPrefill } from '../../forms/statement-prefill';
import { msg } from '../../../contracts/msg';

type Form = Omit<BankAccountInfo, 'deviations'>;
const EMPTY: Form = {
  account_holder_name: '',
  account_number: '',
  confirm_account_number: '',
  account_type: '',
  ifsc_code: '',
  bank_name: '',
  bank_proof: '',
};

function BankForm({ appId }: { appId: string }) {
  const to = useStagePath();
  const db = useUserDb();
  const online = useOnline();
  const navigate = useNavigate();
  const profile = useProfile();
  const initiating = productRoleOf(profile.role, profile.mfi_employee?.designation) === 'INITIATING_OFFICER';
  const ops = useOutboxOps(db);
  const app = useApplication(db, appId)?.data;
  const banks = useList<Bank[]>(db, LIST_KEYS.banks)?.value ?? [];
  const { form, draft, firstError } = useStepForm<Form>(BankAccountInfo, EMPTY, bankDraftKey(appId));
  const { errors, isSubmitting } = form.formState;
  // The business step's main statement says whose account it is; its values fill the empty fields.
  const prefilledHolder = useStatementPrefill(db, appId, form);
  const [accountNumber, holder] = form.watch(['account_number', 'account_holder_name']);
  const bankCheck = checkState('account_number', accountNumber, app, ops);
  const [mismatch, setMismatch] = useState<{ holder: string; deviation: Deviation } | null>(null);
  const deviation = mismatch && mismatch.holder === holder ? mismatch.deviation : null;
  // The first submit hands the loan over: the sanction gate's blockers hold it, in the server's words.
  const parties = useAppRecords(db, 'coApplicants', appId).map((r) => r.data);
  const handOver = initiating ? handOverBlockers(app, parties) : [];

  // An edit of an account number still queued takes the place of its check.
  const check = useCheckVerify(db, appId, form, () => app?.bank_account?.account_number as string | undefined);
  const verify = async () => {
    const op = await check('account_number', { ifsc: form.getValues('ifsc_code'), phone: app?.phone }, ['ifsc_code']);
    if (!db || !op || !online) return;
    const answered = await awaitAnswer(db, op, online);
    const data = answered?.result as { success?: boolean; data?: { account_holder_name?: string; bank_name?: string } } | undefined;
    if (answered?.state === 'done' && data?.success !== false && data?.data?.account_holder_name) {
      toast.success(BANK_MSG.verified);
      const typed = form.getValues('account_holder_name');
      if (!typed || typed === prefilledHolder())
        form.setValue('account_holder_name', data.data.account_holder_name, { shouldValidate: true });
    } else if (answered?.state === 'done') toast.error(BANK_MSG.verifyFailed);
    else if (answered?.state === 'needs-attention') toast.error(BANK_MSG.verifyError);
  };

  const submit = (withDeviation: boolean) =>
    form.handleSubmit(async (values) => {
      if (!db) return;
      let deviations: Deviation[] | undefined;
      if (withDeviation && deviation) deviations = [deviation];
      else if (online) {
        // REQ-VER-6: the bank holder's name against the Aadhaar name; two sources at least.
        const names = nameValues({
          BANK_ACCOUNT: bankCheck.name ?? values.account_holder_name,
          AADHAAR: app?.verifications?.aadhaar?.name,
        });
        const outcome = await matchNames(appId, names, 'BANK_NAME_MISMATCH_DEVIATION');
        if (outcome.kind === 'failed') return void toast.error(outcome.message);
        if (outcome.kind === 'mismatch') {
          setMismatch({ holder: values.account_holder_name, deviation: outcome.deviation });
          return void toast.error(VERIFY_MSG.nameMismatch);
        }
      }
      const queue = () =>
        submitBankAccount(db, appId, { ...(values as BankAccountInfo), ...(deviations ? { deviations } : {}) }, initiating);
      const settle = {
        appId,
        navigate,
        next: to('cpv-info'),
        done: BANK_MSG.submitted,
        failed: BANK_MSG.submitFailed,
        failureText: (m: string | undefined) => (isAccountTypeComplaint(m) ? BANK_MSG.invalidAccountType : m),
      };
      await submitStep(db, online, queue, settle, { thrown: () => BANK_MSG.submitFailed });
    });
  const text = (field: keyof Form, label: string, extra: Record<string, unknown> = {}) => (
    <FloatingInput label={label} autoComplete="off" error={errors[field]?.message} {...extra} {...form.register(field)} />
  );
  return (
    <form className="stack" noValidate onSubmit={submit(false)} aria-label={t('Bank account')}>
      <StepNotes draft={draft} error={firstError && isAccountTypeComplaint(firstError) ? BANK_MSG.invalidAccountType : firstError} />
      {text('ifsc_code', t('IFSC code'), { autoCapitalize: 'characters', maxLength: 11 })}
      <CheckRow id="bank" check={bankCheck} onVerify={() => void verify()}>
        <FloatingInput
          label={t('Account number')}
          inputMode="numeric"
          maxLength={18}
          autoComplete="off"
          error={errors.account_number?.message}
          readOnly={bankCheck.state === 'verified' || bankCheck.state === 'pending'}
          {...form.register('account_number')}
        />
      </CheckRow>
      {text('confirm_account_number', t('Confirm account number'), { inputMode: 'numeric', maxLength: 18 })}
      {text('account_holder_name', t('Account holder name'))}
      <FormSelect control={form.control} name="account_type" label={t('Account type')} options={optionsOf(BANK_ACCOUNT_TYPE_OPTIONS)} />
      <FormSelect
        control={form.control}
        name="bank_name"
        label={t('Bank name')}
        searchable
        options={banks.map((b) => ({ value: b.name, label: b.name }))}
      />
      <Controller
        control={form.control}
        name="bank_proof"
        render={({ field, fieldState }) => (
          <PhotoField
            db={db}
            label={t('Bank proof (passbook or cancelled cheque)')}
            allowPdf
            value={field.value || null}
            error={fieldState.error?.message}
            target={{
              appId,
              field: 'bank_proof',
              fileType: 'BANK_PROOF',
              uploadType: 'BANK_ACCOUNT',
              phone: app?.phone,
              label: msg('Bank proof'),
            }}
            onChange={(id) => {
              field.onChange(id ?? '');
              if (id) form.clearErrors('bank_proof');
            }}
          />
        )}
      />
      {deviation && (
        <>
          <MessageLine variant="warning">{t(VERIFY_MSG.nameMismatchBanner)}</MessageLine>
          <Button variant="outline" size="lg" disabled={isSubmitting} onClick={() => void submit(true)()}>
            {t(VERIFY_MSG.continueWithDeviation)}
          </Button>
        </>
      )}
      {handOver.length > 1 &&
        handOver.slice(1).map((b) => (
          <MessageLine key={`${b.code}:${b.subject ?? ''}`} variant="warning">
            {b.message}
          </MessageLine>
        ))}
      <StepSubmit
        draft={draft}
        busy={isSubmitting}
        ready={!!db}
        blocked={handOver[0]?.message ?? null}
        refusal={useStepRefusal(appId, initiating ? 'bank_account.submit' : 'bank_account.update')}
      />
    </form>
  );
}

export function BankAccountScreen() {
  const to = useStagePath();
  const { id } = useRouteSearch(APP_SEARCH);
  const db = useUserDb();
  const data = useApplication(db, id ?? '')?.data;
  const waiting = useStepWaiting(db, id, BANK_KIND);
  if (!id) return <NoApplication />;
  const b = data?.bank_account;
  return (
    <main className="page">
      <h2>{t('Bank account details')}</h2>
      <AfterMobileNote appId={id} />
      <StepPair pair="business" current={1} appId={id} />
      <NeedsYouBanner appId={id} />
      {b ? (
        <StepSummary
          appId={id}
          next={to('cpv-info')}
          note={t('Bank details are submitted for this application.')}
          rows={[
            [t('Account holder'), b.account_holder_name],
            [t('Account number'), maskAccount(b.account_number)],
            [t('IFSC'), b.ifsc_code],
            [t('Account type'), b.account_type],
            [t('Bank'), b.bank_name],
            [t('Verified'), b.verified ? t('Yes') : t('No')],
          ]}
        />
      ) : waiting ? (
        <MessageLine variant="info">{t('Bank details are saved on this phone and will be sent when it is online.')}</MessageLine>
      ) : (
        <BankForm key={id} appId={id} />
      )}
    </main>
  );
}
