// Platform §5: 6 digits fill city, district and state (district from city); a refused pincode clears them.
// With no network the officer's own entries stay (docs/decisions.md): a village has no coverage, the form must still fill.
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LOOKUP_DEBOUNCE_MS, PINCODE_PATTERN } from '../../../contracts/patterns';
import { ApiFailure } from '../../api/http';
import { getPincode } from '../../api/lists/get-pincode';
import { useDebounced } from '../../lib/use-debounced';

type Place = { pincode: string; city: string; district: string; state: string };

export function usePincodeFill<T extends Place>(form: UseFormReturn<T>, enabled: boolean) {
  const f = form as unknown as UseFormReturn<Place>;
  const pincode = useDebounced(f.watch('pincode') ?? '', LOOKUP_DEBOUNCE_MS);
  useEffect(() => {
    if (!enabled || pincode.length !== 6 || !f.getFieldState('pincode').isDirty) return;
    const set = (city: string, state: string, district?: string) => {
      const opts = { shouldDirty: true, shouldValidate: city !== '' };
      f.setValue('city', city, opts);
      f.setValue('district', district || city, opts);
      f.setValue('state', state, opts);
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
  }, [pincode, enabled, f]);
}
