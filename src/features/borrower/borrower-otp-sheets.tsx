// The two OTP checks of the borrower form, each in a bottom sheet: the mobile number, and Aadhaar, whose answer fills
// the name, date of birth, gender and address.
import type { UseFormReturn } from 'react-hook-form';
import { toDmy } from '../../../contracts/dates';
import { VERIFY_MSG } from '../../../contracts/verification';
import { OtpSheet } from '../../components/ui/otp-sheet';
import { patchCachedApplication } from '../../db/records';
import { useUserDb } from '../../db/user-db-context';
import { t } from '../../i18n';
import { toast } from '../../lib/toast';
import { type BorrowerAppData, type BorrowerFormValues, maskedAadhaar } from '../../forms/borrower-form-values';
import type { AppVerificationData } from '../../ops/verification-ops';
import type { aadhaarOtpFlow, mobileOtpFlow } from './otp-calls';

export type OtpSheetFor =
  | { kind: 'mobile'; flow: ReturnType<typeof mobileOtpFlow> }
  | { kind: 'aadhaar'; flow: ReturnType<typeof aadhaarOtpFlow> };

type Props = { sheet: OtpSheetFor; onClose: () => void; form: UseFormReturn<BorrowerFormValues>; app: BorrowerAppData };

export function BorrowerOtpSheets({ sheet, onClose, form, app }: Props) {
  const db = useUserDb();
  const appId = app.id;
  return (
    <>
      {sheet.kind === 'mobile' && (
        <OtpSheet
          title={t('Verify mobile number')}
          sentTo={`+91 ${app.phone}`}
          onClose={onClose}
          send={sheet.flow.send}
          verify={async (otp) => {
            const r = await sheet.flow.verify(otp);
            if (!r.ok) return r.message;
            if (db)
              await patchCachedApplication(db, appId, (d) => ({
                is_phone_verified: true,
                verifications: { ...(d as AppVerificationData).verifications, phone: { value: app.phone } },
              }));
            onClose();
            toast.success(t('Mobile number verified'));
            return null;
          }}
        />
      )}
      {sheet.kind === 'aadhaar' && (
        <OtpSheet
          title={t('Verify Aadhaar')}
          sentTo={t('the mobile number linked with this Aadhaar')}
          onClose={onClose}
          send={sheet.flow.send}
          verify={async (otp) => {
            const r = await sheet.flow.verify(otp);
            if (!r.ok) return r.outcome;
            const a = r.data;
            const opts = { shouldDirty: true, shouldValidate: true };
            form.setValue('name', a.name.toUpperCase(), opts);
            form.setValue('dob', toDmy(a.dob), opts);
            if (a.gender) form.setValue('gender', a.gender, opts);
            form.setValue('aadhaar_last4', a.aadhaar_last4, opts);
            form.setValue('aadhaar', maskedAadhaar(a.aadhaar_last4));
            // `borrower_photo_from_aadhaar`: the photo the Aadhaar answer carries.
            if (a.photo_link) form.setValue('borrower_photo_from_aadhaar', a.photo_link, opts);
            const s = a.split_address;
            form.setValue('address', a.address, opts);
            if (s?.pincode) {
              form.setValue('pincode', s.pincode, opts);
              form.setValue('city', s.city, opts);
              form.setValue('district', s.district || s.city, opts);
              form.setValue('state', s.state, opts);
            }
            if (db)
              await patchCachedApplication(db, appId, (d) => ({
                verifications: { ...(d as AppVerificationData).verifications, aadhaar: { last4: a.aadhaar_last4, name: a.name } },
              }));
            onClose();
            toast.success(VERIFY_MSG.aadhaarVerified);
            toast.success(VERIFY_MSG.addressPrefilled);
            return null;
          }}
        />
      )}
    </>
  );
}
