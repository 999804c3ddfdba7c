import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Select, type SelectOption } from './select';

const BANKS: SelectOption[] = [
  { value: 'hdfc', label: 'HDFC Bank' },
  { value: 'icici', label: 'ICICI Bank' },
  { value: 'sbi', label: 'State Bank of India' },
];

function stubScreen(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query === '(max-width: 575.98px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

type ControlledProps = { onChange?: (v: string | null) => void; initial?: string | null; searchable?: boolean };

function Controlled({ onChange = () => {}, initial = null, searchable = false }: ControlledProps) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <Select
      label="Bank"
      options={BANKS}
      value={value}
      searchable={searchable}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function BankForm({ onValid }: { onValid: (v: { bank: string | null }) => void }) {
  const { control, handleSubmit } = useForm<{ bank: string | null }>({ defaultValues: { bank: null } });
  return (
    <form onSubmit={handleSubmit(onValid)}>
      <Controller
        name="bank"
        control={control}
        rules={{ required: 'Required' }}
        render={({ field, fieldState }) => <Select {...field} label="Bank" options={BANKS} error={fieldState.error?.message} />}
      />
      <button type="submit">Send</button>
    </form>
  );
}

const trigger = () => screen.getByRole('button', { name: /^Bank/ });
const optionLabels = () => screen.queryAllByRole('option').map((o) => o.textContent);

beforeEach(() => stubScreen(false));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Select', () => {
  it('opens a listbox from the trigger and chooses an option by click', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(trigger().textContent).toContain('Select');
    fireEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(optionLabels()).toEqual(['HDFC Bank', 'ICICI Bank', 'State Bank of India']);
    fireEvent.click(screen.getByRole('option', { name: 'ICICI Bank' }));
    expect(onChange).toHaveBeenCalledWith('icici');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger().textContent).toContain('ICICI Bank');
    expect(document.activeElement).toBe(trigger());
  });

  it('filters by the search box only after the 300 ms debounce, and says when nothing matches', () => {
    vi.useFakeTimers();
    render(<Controlled searchable />);
    fireEvent.click(trigger());
    const search = screen.getByPlaceholderText('Search...');
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'bank of' } });
    act(() => void vi.advanceTimersByTime(299));
    expect(optionLabels()).toHaveLength(3);
    act(() => void vi.advanceTimersByTime(1));
    expect(optionLabels()).toEqual(['State Bank of India']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    act(() => void vi.advanceTimersByTime(300));
    expect(optionLabels()).toEqual([]);
    expect(screen.getByText('No options found')).toBeTruthy();
  });

  it('says "No options found" for an empty list', () => {
    render(<Select label="Bank" options={[]} value={null} onChange={() => {}} />);
    fireEvent.click(trigger());
    expect(screen.getByText('No options found')).toBeTruthy();
  });

  it('has a clear button only while a value is chosen, which sets null', () => {
    const onChange = vi.fn();
    render(<Controlled initial="hdfc" onChange={onChange} />);
    expect(trigger().textContent).toContain('HDFC Bank');
    fireEvent.click(screen.getByRole('button', { name: 'Clear Bank' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(trigger().textContent).toContain('Select');
    expect(screen.queryByRole('button', { name: 'Clear Bank' })).toBeNull();
  });

  it('is keyboard operable: arrows move the active option, Enter chooses, Escape closes', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    const list = screen.getByRole('listbox');
    expect(document.activeElement).toBe(list);
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'HDFC Bank' }).id);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'State Bank of India' }).id);
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('icici');
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: 'ICICI Bank' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('closes on a pointer press outside', () => {
    render(
      <>
        <Controlled />
        <p>elsewhere</p>
      </>,
    );
    fireEvent.click(trigger());
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('under 576 px opens as a modal titled "Select <field>" holding the search and the list', () => {
    stubScreen(true);
    const onChange = vi.fn();
    render(<Controlled searchable onChange={onChange} />);
    fireEvent.click(trigger());
    const dialog = screen.getByRole('dialog', { name: 'Select Bank' });
    // The visible title is the specification's 'Select'; the field's name is in the dialog's accessible name.
    expect(dialog.querySelector('.ui-sheet__title')?.textContent).toBe('Select');
    // Label in name (WCAG 2.5.3): the visible text of the control starts with its label, as its name does.
    expect(trigger().textContent).toMatch(/^Bank /);
    expect(dialog.contains(screen.getByRole('listbox'))).toBe(true);
    expect(dialog.querySelector('.ui-select__popup--sheet')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByPlaceholderText('Search...'));
    fireEvent.click(screen.getByRole('option', { name: 'HDFC Bank' }));
    expect(onChange).toHaveBeenCalledWith('hdfc');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('at 576 px and wider stays a dropdown', () => {
    stubScreen(false);
    render(<Controlled />);
    fireEvent.click(trigger());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('listbox').closest('.ui-select__popup--sheet')).toBeNull();
  });

  it('works as a react-hook-form Controller field, with its error', async () => {
    const onValid = vi.fn();
    render(<BankForm onValid={onValid} />);
    fireEvent.click(screen.getByText('Send'));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(trigger().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(trigger());
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('option', { name: 'State Bank of India' }));
    fireEvent.click(screen.getByText('Send'));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]![0]).toEqual({ bank: 'sbi' });
  });
});
