// REQ-UI-3: the borrower form and its KYC are one pair, business details and the bank account
// the other; the second step is current once the first is submitted, and the first can be clicked to go back.
import { useNavigate } from '@tanstack/react-router';
import { StepIndicator } from '../components/ui/step-indicator';
import { useFlow, useStagePath } from '../session/flow-context';

const PAIRS = {
  borrower: { steps: ['Borrower', 'Borrowers Info'], visitorSteps: ['Borrower', 'Borrowers Info'], stages: ['mobile', 'kyc'] },
  // A visitor has no bank account step (staff only): their second step of the pair is the references.
  business: { steps: ['Business', 'Bank account'], visitorSteps: ['Business', 'References'], stages: ['business', 'bank-account-details'] },
} as const;

export function StepPair({ pair, current, appId }: { pair: keyof typeof PAIRS; current: 0 | 1; appId: string }) {
  const navigate = useNavigate();
  const to = useStagePath();
  const visitor = useFlow().visitor;
  const p = PAIRS[pair];
  return (
    <StepIndicator
      steps={visitor ? p.visitorSteps : p.steps}
      current={current}
      aria-label={`Steps, total 2, index ${current + 1}`}
      onStepClick={(i) => void navigate({ to: to(p.stages[i] ?? p.stages[0]), search: { id: appId } })}
    />
  );
}
