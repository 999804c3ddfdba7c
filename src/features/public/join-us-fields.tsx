// The partner registration's text fields (REQ-PUB-3), in the order and sections the page shows
// them. One table for both forms of the page: the one painted first (plain inputs, before react-hook-form has arrived)
// and the real one (join-us-form.tsx), so the two are the same fields, labels and input hints.
import { type ComponentPropsWithoutRef, Fragment, type ReactNode } from 'react';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

type Hints = ComponentPropsWithoutRef<'input'>;
type Field = { name: string; label: string; hints?: Hints; prefix?: string };

const SECTIONS: ReadonlyArray<{ legend: string; fields: Field[] }> = [
  {
    legend: msg('About you'),
    fields: [
      { name: 'first_name', label: msg('First name'), hints: { autoComplete: 'given-name' } },
      { name: 'last_name', label: msg('Last name'), hints: { autoComplete: 'family-name' } },
      {
        name: 'mobile',
        label: msg('Mobile number'),
        prefix: '+91',
        hints: { inputMode: 'numeric', maxLength: 10, autoComplete: 'tel-national' },
      },
      { name: 'email', label: msg('Email'), hints: { type: 'email', autoComplete: 'email' } },
      { name: 'business_name', label: msg('Business name (optional)'), hints: { autoComplete: 'organization' } },
      { name: 'gst_number', label: msg('GST number (optional)'), hints: { autoCapitalize: 'characters' } },
    ],
  },
  {
    legend: msg('Address'),
    fields: [
      { name: 'pincode', label: msg('Pincode'), hints: { inputMode: 'numeric', maxLength: 6, autoComplete: 'postal-code' } },
      { name: 'city', label: msg('City'), hints: { autoComplete: 'address-level2' } },
      { name: 'state', label: msg('State'), hints: { autoComplete: 'address-level1' } },
      { name: 'address', label: msg('Address'), hints: { autoComplete: 'street-address' } },
    ],
  },
  {
    legend: msg('Bank account'),
    fields: [
      { name: 'bank_name', label: msg('Bank name') },
      { name: 'account_number', label: msg('Account number'), hints: { inputMode: 'numeric', maxLength: 18, autoComplete: 'off' } },
      { name: 'ifsc', label: msg('IFSC'), hints: { autoCapitalize: 'characters', maxLength: 11, autoComplete: 'off' } },
    ],
  },
];

export const JOIN_US_INTRO = msg('Join us as a partner. What you type is saved on this device until you send it.');

/** `input` renders one field (a FloatingInput given the form's props for it); `documents` is the last section's content. */
export function JoinUsFieldsets({
  input,
  documents,
}: {
  input: (name: string, label: string, hints: Hints) => ReactNode;
  documents: ReactNode;
}) {
  return (
    <>
      {SECTIONS.map((s) => (
        <fieldset key={s.legend} className="form-section">
          <legend>{t(s.legend)}</legend>
          {s.fields.map((f) =>
            f.prefix ? (
              <div key={f.name} className="phone-row">
                <span className="prefix" aria-hidden="true">
                  {f.prefix}
                </span>
                {input(f.name, t(f.label), f.hints ?? {})}
              </div>
            ) : (
              <Fragment key={f.name}>{input(f.name, t(f.label), f.hints ?? {})}</Fragment>
            ),
          )}
        </fieldset>
      ))}
      <fieldset className="form-section">
        <legend>{t('Documents')}</legend>
        {documents}
      </fieldset>
    </>
  );
}
