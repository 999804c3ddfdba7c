// One verifiable field: its input, a Verify button that turns green and locks, and the state in words.
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { msg } from '../../contracts/msg';
import { Button } from '../components/ui/button';
import { t } from '../i18n';
import type { Check } from '../ops/verification-ops';

type Props = { check: Check; onVerify: () => void; disabled?: boolean; verifyLabel?: string; children: ReactNode; id: string };

export const PENDING_TEXT = msg('Pending verification: checked as soon as the phone is online.');

/**
 * A verified check keeps its button focusable (aria-disabled, no action): the OTP sheet hands the focus back to it on
 * success, and a disabled button would drop the focus to the page.
 */
export function CheckRow({ check, onVerify, disabled, verifyLabel, children, id }: Props) {
  const verified = check.state === 'verified';
  // Pending is not natively disabled either: the button keeps the focus the officer gave it while the check runs.
  const pending = check.state === 'pending';
  // A failed check marks its field invalid and describes it with the reason ('INVALID PAN'), as a rule's message does.
  const field =
    check.state === 'failed' && isValidElement(children)
      ? cloneElement(children as ReactElement<Record<string, unknown>>, { 'aria-invalid': true, 'aria-describedby': `${id}-state` })
      : children;
  // Each button says what it checks ('Verify PAN', 'Verified Aadhaar number'): a list of buttons read out of context
  // otherwise holds four alike 'Verify'. The visible word comes first, so a voice command naming it still works.
  const fieldLabel = isValidElement(children) ? (children.props as { label?: unknown }).label : undefined;
  const text = verified ? t('Verified') : pending ? t('Pending') : (verifyLabel ?? t('Verify'));
  return (
    <div className="check-row" data-focus-group="">
      <div className="check-row__field">{field}</div>
      <Button
        variant={verified ? 'default' : 'outline'}
        className={verified ? 'is-verified' : pending ? 'is-disabled' : undefined}
        size="default"
        disabled={!verified && !pending && disabled}
        aria-disabled={verified || pending || undefined}
        onClick={verified || pending ? undefined : onVerify}
        aria-describedby={`${id}-state`}
      >
        {text}
        {/* Named in its text, not with aria-label: the field's label stays the field's own. */}
        {typeof fieldLabel === 'string' && <span className="ui-visually-hidden"> {fieldLabel}</span>}
      </Button>
      <p
        id={`${id}-state`}
        className={`check-row__state small ${check.state === 'failed' ? 'error' : check.state === 'verified' ? 'success' : 'muted'}`}
        aria-live="polite"
      >
        {check.state === 'verified'
          ? check.name
            ? t('Verified: {name}', { name: check.name })
            : t('Verified')
          : check.state === 'pending'
            ? t(PENDING_TEXT)
            : check.state === 'failed'
              ? check.message
              : ''}
      </p>
    </div>
  );
}
