// Workflow §4 "two-step indicator": the borrower form and its KYC are one pair, business details and the bank account
// the other; the second step is current once the first is submitted, and the first can be clicked to go back.
import { useNavigate } from '@tanstack/react-router';
import { StepIndicator } from '../../components/ui/step-indicator';

const PAIRS = {
  borrower: { steps: ['Borrower', 'Borrowers Info'], paths: ['/application/mobile', '/application/kyc'] },
  business: { steps: ['Business', 'Bank account'], paths: ['/application/business', '/application/bank-account-details'] },
} as const;

export function StepPair({ pair, current, appId }: { pair: keyof typeof PAIRS; current: 0 | 1; appId: string }) {
  const navigate = useNavigate();
  const p = PAIRS[pair];
  return (
    <StepIndicator steps={p.steps} current={current} aria-label={`Steps, total 2, index ${current + 1}`}
      onStepClick={(i) => void navigate({ to: p.paths[i] ?? p.paths[0], search: { id: appId } })} />
  );
}
