import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepIndicator } from './step-indicator';

afterEach(cleanup);

const STEPS = ['Mobile', 'Business', 'KYC', 'Bank'];

describe('StepIndicator', () => {
  it('makes only completed steps clickable, highlights the current one and leaves later ones inert', () => {
    const onStepClick = vi.fn();
    render(<StepIndicator steps={STEPS} current={2} onStepClick={onStepClick} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Step 1: Mobile, completed. Go back',
      'Step 2: Business, completed. Go back',
    ]);
    fireEvent.click(buttons[1]!);
    expect(onStepClick).toHaveBeenCalledWith(1);

    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    expect(items[0]!.querySelector('svg')).not.toBeNull();
    expect(items[2]!.querySelector('.ui-steps__marker')?.textContent).toBe('3');
    expect(items[3]!.querySelector('.ui-steps__marker')?.textContent).toBe('4');

    fireEvent.click(screen.getByText('KYC'));
    fireEvent.click(screen.getByText('Bank'));
    expect(onStepClick).toHaveBeenCalledTimes(1);
    expect(items[3]!.querySelector('button')).toBeNull();
  });

  it('on the first step nothing is clickable', () => {
    render(<StepIndicator steps={STEPS} current={0} onStepClick={() => {}} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getAllByRole('listitem')[0]!.getAttribute('aria-current')).toBe('step');
  });
});
