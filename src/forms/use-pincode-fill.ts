// REQ-VAL-3: 6 digits fill city, district and state (district from city); a refused pincode clears them.
// With no network the officer's own entries stay (docs/decisions.md): a village has no coverage, the form must still fill.
// What a lookup filled belongs to its pincode: once the pincode is edited, or a lookup fails, it is cleared.
import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { LOOKUP_DEBOUNCE_MS, PINCODE_PATTERN } from '../../contracts/patterns';
import { ApiFailure } from '../api/http';
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
    /** Clears what the last lookup filled, where the officer has not typed over it since. */
    const clearFilled = () => {
      for (const [key, value] of filled.current?.values ?? []) if (form.getValues(key) === value) put(key, '', false);
      filled.current = null;
    };
    if (filled.current && filled.current.pincode !== pincode) clearFilled();
    if (!enabled || pincode.length !== 6) return;
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
      .catch((err) => {
        if (ctl.signal.aborted) return;
        if (err instanceof ApiFailure && err.status >= 400 && err.status < 500) set('', '');
        else clearFilled();
      });
    return () => ctl.abort();
  }, [pincode, enabled, form, k.pincode, k.city, k.district, k.state]);
}

/** The hook as a component that renders nothing: a screen can load it after its first paint (the partner registration). */
export function PincodeFill<T extends FieldValues>({ form, enabled }: { form: UseFormReturn<T>; enabled: boolean }): null {
  usePincodeFill(form, enabled);
  return null;
}
