// Whose data a form holds decides its autofill. An officer types borrowers' data on a shared work phone: autofill
// stays off (the browser's store is outside the encrypted one, and would offer one borrower's name for the next). A
// visitor filling in their own application is the opposite case: the fields name their purpose (WCAG 1.3.5), so the
// browser and assistive tools can fill and explain them. Only the form of the visitor's own details is wrapped in
// OwnFields; another person's fields (a co-applicant, a reference) keep autofill off even on a public page.
import { createContext, type ReactNode, useContext } from 'react';

/** The purpose of each of the visitor's own fields, by the field's name in the form. */
const PURPOSES: Readonly<Record<string, string>> = {
  name: 'name',
  email: 'email',
  phone: 'tel-national',
  pincode: 'postal-code',
  city: 'address-level2',
  state: 'address-level1',
  address: 'street-address',
};

const Own = createContext(false);

export const OwnFields = ({ children }: { children: ReactNode }) => <Own.Provider value>{children}</Own.Provider>;

/** The autocomplete of a field: its purpose in the owner's own form, else what the field asks (off by default). */
export function useAutofill(name: unknown, asked: string | undefined): string {
  const own = useContext(Own);
  const purpose = own && typeof name === 'string' ? PURPOSES[name] : undefined;
  return purpose ?? asked ?? 'off';
}
