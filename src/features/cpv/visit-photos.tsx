// The visit's photos: geotagged shop or house photos and selfies taken at the place (`visit`), and the shop's QR code.
import { type Control, Controller, type FieldValues, type Path, type UseFormClearErrors } from 'react-hook-form';
import { CPV_PHOTO_FIELDS, type CpvPhotoField } from '../../../contracts/cpv';
import { msg } from '../../../contracts/msg';
import type { UserDb } from '../../db/user-db';
import { t } from '../../i18n';
import { PhotoField } from '../../photos/photo-field';
import { BUSINESS_PHOTOS, HOUSE_PHOTOS } from './visit-values';

type Field = CpvPhotoField | 'qr_code_upload';

export function VisitPhotos<T extends FieldValues>({
  control,
  clearErrors,
  db,
  appId,
  phone,
  business,
}: {
  control: Control<T>;
  clearErrors: UseFormClearErrors<T>;
  db: UserDb | null;
  appId: string;
  phone: string | undefined;
  business: boolean;
}) {
  const photo = (field: Field) => {
    const qr = field === 'qr_code_upload';
    const label = qr ? msg('QR code') : CPV_PHOTO_FIELDS[field];
    return (
      <Controller
        key={field}
        control={control}
        name={field as Path<T>}
        render={({ field: f, fieldState }) => (
          <PhotoField
            db={db}
            visit={!qr}
            label={qr ? t('QR Code Upload') : t(label)}
            value={(f.value as string) || null}
            error={fieldState.error?.message}
            target={{
              appId,
              field,
              fileType: qr ? 'QR_CODE' : field.replace(/_file$/, '').toUpperCase(),
              uploadType: 'APPLY_LOAN',
              phone,
              label,
            }}
            onChange={(id) => {
              f.onChange(id ?? '');
              if (id && !qr) clearErrors(field as Path<T>);
            }}
          />
        )}
      />
    );
  };
  return (
    <fieldset className="form-section">
      <legend>{t('Photos')}</legend>
      {(business ? [...BUSINESS_PHOTOS, 'qr_code_upload' as const] : HOUSE_PHOTOS).map(photo)}
    </fieldset>
  );
}
