// REQ-UI-3: the borrower form and its KYC are one pair, business details and the bank account
// the other; the second step is current once the first is submitted, and the first can be clicked to go back.
import { useNavigate } from '@tanstack/react-router';
import { msg } from '../../contracts/msg';
import { StepIndicator } from '../components/ui/step-indicator';
import { t } from '../i18n';
import { useFlow, useStagePath } from '../session/flow-context';

const PAIRS = {
  borrower: {
    steps: [msg('Borrower'), msg('Borrowers Info')],
    visitorSteps: [msg('Borrower'), msg('Borrowers Info')],
    stages: ['mobile', 'kyc'],
  },
  // A visitor has no bank account step (staff only): their second step of the pair is the references.
  business: {
    steps: [msg('Business'), msg('Bank account')],
    visitorSteps: [msg('Business'), msg('References')],
    stages: ['business', 'bank-account-details'],
  },
} as const;

export function StepPair({ pair, current, appId }: { pair: keyof typeof PAIRS; current: 0 | 1; appId: string }) {
  const navigate = useNavigate();
  const to = useStagePath();
  const visitor = useFlow().visitor;
  const p = PAIRS[pair];
  return (
    <StepIndicator
      steps={(visitor ? p.visitorSteps : p.steps).map((s) => t(s))}
      current={current}
      aria-label={t('Steps, total {total}, index {index}', { total: 2, index: current + 1 })}
      onStepClick={(i) => void navigate({ to: to(p.stages[i] ?? p.stages[0]), search: { id: appId } })}
    />
  );
}
