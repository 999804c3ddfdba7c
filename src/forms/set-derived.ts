// A field the form works out from another (the age from the date of birth, the Aadhaar's last 4 digits from the
// number typed) is checked again as soon as it changes while it is marked invalid: the officer who corrects the date
// of birth sees the age unmarked at once, not after the next submit. An unmarked field is not checked early.
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';

export function setDerived<F extends FieldValues, N extends FieldPath<F>>(form: UseFormReturn<F>, name: N, value: PathValue<F, N>) {
  form.setValue(name, value, { shouldValidate: !!form.getFieldState(name).error });
}
