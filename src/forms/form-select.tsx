// A Select bound to a react-hook-form field: its value, its error, and the empty string when cleared.
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import type { Option } from '../../contracts/enums';
import { Select } from '../components/ui/select';
import { t } from '../i18n';

type Choice = { value: string | number; label: string };

/** Codes and labels of a contract enumeration as Select options. */
export const optionsOf = (list: readonly Option[]): Choice[] => list.map((o) => ({ value: o.code, label: t(o.label) }));
/** Values that are their own labels (contracts/kyc.ts MOTHER_TONGUES) as Select options. */
export const choicesOf = (values: readonly string[]): Choice[] => values.map((v) => ({ value: v, label: t(v) }));

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly Choice[];
  searchable?: boolean;
  disabled?: boolean;
  onPicked?: (value: string | number | null) => void;
};

export function FormSelect<T extends FieldValues>({ control, name, label, options, searchable, disabled, onPicked }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          options={options}
          value={field.value as string | number | null}
          name={field.name}
          ref={field.ref}
          searchable={searchable}
          disabled={disabled}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          onChange={(v) => {
            field.onChange(v ?? '');
            onPicked?.(v);
          }}
        />
      )}
    />
  );
}
