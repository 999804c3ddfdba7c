// Platform §5: 6 digits fill city, district and state (district from city); a refused pincode clears them.
// With no network the officer's own entries stay (docs/decisions.md): a village has no coverage, the form must still fill.
import { useEffect } from 'react';
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
  useEffect(() => {
    if (!enabled || pincode.length !== 6 || !form.getFieldState(k.pincode).isDirty) return;
    const set = (city: string, state: string, district?: string) => {
      const opts = { shouldDirty: true, shouldValidate: city !== '' };
      const put = (key: Path<T>, value: string) => form.setValue(key, value as T[Path<T>], opts);
      put(k.city, city);
      put(k.district, district || city);
      put(k.state, state);
    };
    if (!PINCODE_PATTERN.test(pincode)) return set('', '');
    const ctl = new AbortController();
    getPincode(pincode, ctl.signal)
      .then((r) => (r.success ? set(r.data.city, r.data.state, r.data.district) : set('', '')))
      .catch((err) => {
        if (ctl.signal.aborted) return;
        if (err instanceof ApiFailure && err.status >= 400 && err.status < 500) set('', '');
      });
    return () => ctl.abort();
  }, [pincode, enabled, form, k.pincode, k.city, k.district, k.state]);
}
