// After PD2 the business visit's figures the household test reads change only with a reason (contracts/figures-change.ts):
// the form asks for it when such a figure differs from the recorded visit, says so beside the field, and sends it as
// `change_reason`; the server then raises the figures deviation a second person decides. What was typed is kept.
import { useState } from 'react';
import { FIGURES_MSG, figureChanges, VISIT_FIGURES } from '../../../contracts/figures-change';
import { FloatingTextarea } from '../../components/ui/floating-textarea';

export const FIGURES_REASON_LABEL = 'Reason for changing the figures';

export function useFiguresReason(status: string | undefined, stored: Readonly<Record<string, unknown>> | undefined, business: boolean) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const held = business && status === 'PD2_COMPLETE';
  /** The reason to send with `values` (or nothing); null after showing the message when one is needed and missing. */
  const reasonFor = (values: Readonly<Record<string, unknown>>): { change_reason?: string } | null => {
    if (!held || figureChanges(stored, values, VISIT_FIGURES, '').length === 0) return {};
    if (!reason.trim()) {
      setError(FIGURES_MSG.reason);
      return null;
    }
    setError('');
    return { change_reason: reason.trim() };
  };
  const field = held ? (
    <FloatingTextarea
      label={FIGURES_REASON_LABEL}
      value={reason}
      error={error || undefined}
      maxLength={500}
      onChange={(e) => setReason(e.target.value)}
    />
  ) : null;
  return { field, reasonFor };
}
