// After PD2 the figures the household test reads change only with a reason (contracts/figures-change.ts): a form asks
// for it when such a figure differs from what was recorded, says so beside the field, and sends it as `change_reason`;
// the server then raises the figures deviation a second person decides. What was typed is kept.
import { useState } from 'react';
import { FIGURES_MSG } from '../../contracts/figures-change';
import { msg } from '../../contracts/msg';
import { FloatingTextarea } from '../components/ui/floating-textarea';
import { t } from '../i18n';

export const FIGURES_REASON_LABEL = msg('Reason for changing the figures');

/** `held`: the application's figures are held (PD2 complete); `changed(values)`: whether a held figure differs. */
export function useFiguresReason(held: boolean, changed: (values: Readonly<Record<string, unknown>>) => boolean) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  /** The reason to send with `values` (or nothing); null after showing the message when one is needed and missing. */
  const reasonFor = (values: Readonly<Record<string, unknown>>): { change_reason?: string } | null => {
    if (!held || !changed(values)) return {};
    if (!reason.trim()) {
      setError(FIGURES_MSG.reason);
      return null;
    }
    setError('');
    return { change_reason: reason.trim() };
  };
  const field = held ? (
    <FloatingTextarea
      label={t(FIGURES_REASON_LABEL)}
      value={reason}
      error={error || undefined}
      maxLength={500}
      onChange={(e) => setReason(e.target.value)}
    />
  ) : null;
  return { field, reasonFor };
}
