// REQ-VAL-3: when exactly 6 characters are entered, city, district and state are filled from a lookup (district from
// city), whatever was typed there before; otherwise, or on failure, they are cleared, hand-typed or not. With no network
// no lookup runs and the officer's own entries stay (docs/decisions.md): a village has no coverage, the form must fill.
import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { LOOKUP_DEBOUNCE_MS, PINCODE_PATTERN } from '../../contracts/patterns';
import { getPincode } from '../api/lists/get-pincode';
import { useDebounced } from '../lib/use-debounced';

type Keys = { pincode: string; city: string; district: string; state: string };
const PLAIN: Keys = { pincode: 'pincode', city: 'city', district: 'district', state: 'state' };

/** `keys` names the form's fields when they are not pincode/city/district/state (e.g. business_pincode…). */
export function usePincodeFill<T extends FieldValues>(form: UseFormReturn<T>, enabled: boolean, keys: Keys = PLAIN) {
  const k = keys as { [K in keyof Keys]: Path<T> };
  const pincode = useDebounced(String(form.watch(k.pincode) ?? ''), LOOKUP_DEBOUNCE_MS);
  /** The pincode a lookup answered for, and the place it filled in. */
  const filled = useRef<{ pincode: string; values: [Path<T>, string][] } | null>(null);
  useEffect(() => {
    if (!form.getFieldState(k.pincode).isDirty) return;
    const put = (key: Path<T>, value: string, validate: boolean) =>
      form.setValue(key, value as T[Path<T>], { shouldDirty: true, shouldValidate: validate });
    /** Clears city, district and state, typed or filled. */
    const clearPlace = () => {
      for (const key of [k.city, k.district, k.state]) if (form.getValues(key)) put(key, '', false);
      filled.current = null;
    };
    if (pincode.length !== 6) return clearPlace();
    if (filled.current && filled.current.pincode !== pincode) clearPlace();
    if (!enabled) return;
    const set = (city: string, state: string, district?: string) => {
      const values: [Path<T>, string][] = [
        [k.city, city],
        [k.district, district || city],
        [k.state, state],
      ];
      for (const [key, value] of values) put(key, value, city !== '');
      filled.current = city ? { pincode, values } : null;
    };
    if (!PINCODE_PATTERN.test(pincode)) return set('', '');
    const ctl = new AbortController();
    getPincode(pincode, ctl.signal)
      .then((r) => (r.success ? set(r.data.city, r.data.state, r.data.district) : set('', '')))
      .catch(() => {
        if (!ctl.signal.aborted) clearPlace();
      });
    return () => ctl.abort();
  }, [pincode, enabled, form, k.pincode, k.city, k.district, k.state]);
}

/** The hook as a component that renders nothing: a screen can load it after its first paint (the partner registration). */
export function PincodeFill<T extends FieldValues>({ form, enabled }: { form: UseFormReturn<T>; enabled: boolean }): null {
  usePincodeFill(form, enabled);
  return null;
}
