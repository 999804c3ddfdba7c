// The fields of one reference, at `prefix` in a form: the list form's `references.N.` or
// the single editor's ''.
import type { Control, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { FloatingInput } from '../../components/ui/floating-input';
import { FloatingTextarea } from '../../components/ui/floating-textarea';
import { FormSelect } from '../../forms/form-select';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

export const REFERENCE_TYPE_OPTIONS = [
  { value: 'PERSONAL_REFERENCE', label: msg('Personal') },
  { value: 'BUSINESS_REFERENCE', label: msg('Business') },
];

type Props<T extends FieldValues> = {
  control: Control<T>;
  register: UseFormRegister<T>;
  prefix: string;
  type: string;
  errorOf: (field: 'name' | 'phone' | 'address' | 'company_name') => string | undefined;
};

export function ReferenceFields<T extends FieldValues>({ control, register, prefix, type, errorOf }: Props<T>) {
  const at = (f: string) => `${prefix}${f}` as Path<T>;
  return (
    <>
      <FormSelect
        control={control}
        name={at('type')}
        label={t('Reference type')}
        options={REFERENCE_TYPE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))}
      />
      <FloatingInput label={t('Name')} autoComplete="off" error={errorOf('name')} {...register(at('name'))} />
      <FloatingInput label={t('Mobile number')} inputMode="numeric" maxLength={10} error={errorOf('phone')} {...register(at('phone'))} />
      <FloatingTextarea label={t('Address')} error={errorOf('address')} {...register(at('address'))} />
      {type === 'BUSINESS_REFERENCE' && (
        <FloatingInput label={t('Company name')} autoComplete="off" error={errorOf('company_name')} {...register(at('company_name'))} />
      )}
    </>
  );
}
