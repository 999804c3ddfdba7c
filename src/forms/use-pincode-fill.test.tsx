// @vitest-environment happy-dom
// REQ-VAL-3 pincode lookup: anything but exactly 6 characters clears city, district and state, hand-typed ones too.
// Offline (no lookup) the officer's entries for a 6-digit pincode stay.
import { act, cleanup, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOOKUP_DEBOUNCE_MS } from '../../contracts/patterns';
import { usePincodeFill } from './use-pincode-fill';

type F = { pincode: string; city: string; district: string; state: string };
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
/** Past the lookup's debounce (REQ-VAL-3: 300 ms). */
const debounced = () => act(() => vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS + 1));

function setUp() {
  return renderHook(() => {
    const form = useForm<F>({ defaultValues: { pincode: '', city: '', district: '', state: '' } });
    usePincodeFill(form, false);
    return form;
  });
}
const typed = (form: ReturnType<typeof setUp>['result']['current'], values: Partial<F>) =>
  act(() => {
    for (const [k, v] of Object.entries(values)) form.setValue(k as keyof F, v, { shouldDirty: true });
  });

describe('usePincodeFill', () => {
  it('a pincode edited to 5 digits clears a hand-typed city, district and state', () => {
    const { result } = setUp();
    typed(result.current, { pincode: '440001', city: 'Nagpur', district: 'Nagpur', state: 'Maharashtra' });
    debounced();
    typed(result.current, { pincode: '44000' });
    debounced();
    expect(result.current.getValues(['city', 'district', 'state'])).toEqual(['', '', '']);
  });

  it('offline, a 6-digit pincode keeps what the officer typed (no lookup ran)', () => {
    const { result } = setUp();
    typed(result.current, { city: 'Nagpur', district: 'Nagpur', state: 'Maharashtra', pincode: '440001' });
    debounced();
    expect(result.current.getValues(['city', 'district', 'state'])).toEqual(['Nagpur', 'Nagpur', 'Maharashtra']);
  });
});
