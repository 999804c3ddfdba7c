import { cx } from './class-names';
import { TickIcon } from './icons';
import { t } from '../../i18n';
import { msg } from '../../../contracts/msg';

export type StepIndicatorProps = {
  /** Step titles, in order. */
  steps: readonly string[];
  /** Index (0-based) of the step on screen; the ones before it count as completed. */
  current: number;
  /** Called with the index of a completed step the user wants to go back to. */
  onStepClick?: (index: number) => void;
  className?: string;
  'aria-label'?: string;
};

/**
 * REQ-UI-3 numbered step indicator: completed steps show a tick and are buttons, the current step is
 * highlighted (aria-current="step"), later steps are plain text and cannot be clicked.
 */
export function StepIndicator({ steps, current, onStepClick, className, 'aria-label': ariaLabel = msg('Progress') }: StepIndicatorProps) {
  return (
    <nav className={cx('ui-steps', className)} aria-label={t(ariaLabel)}>
      <ol className="ui-steps__list">
        {steps.map((title, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          const marker = (
            <span className="ui-steps__marker" aria-hidden="true">
              {state === 'done' ? <TickIcon size={16} /> : i + 1}
            </span>
          );
          const text = <span className="ui-steps__title">{title}</span>;
          // Steps are positional and the same title may appear twice, so the position is part of the key.
          const stepKey = `${i}-${title}`;
          return (
            <li key={stepKey} className={cx('ui-steps__item', `is-${state}`)} aria-current={state === 'current' ? 'step' : undefined}>
              {state === 'done' && onStepClick ? (
                <button
                  type="button"
                  className="ui-steps__button"
                  onClick={() => onStepClick(i)}
                  aria-label={t('Step {number}: {title}, completed. Go back', { number: i + 1, title })}
                >
                  {marker}
                  {text}
                </button>
              ) : (
                <span className="ui-steps__static">
                  {marker}
                  {text}
                  <span className="ui-visually-hidden">
                    {state === 'done' ? ', completed' : state === 'current' ? ', current step' : ''}
                  </span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
