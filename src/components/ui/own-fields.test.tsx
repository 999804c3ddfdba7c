// Autofill: off for an officer typing a borrower's data; the purpose of each of a visitor's own fields in their form.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FloatingInput } from './floating-input';
import { FloatingTextarea } from './floating-textarea';
import { OwnFields } from './own-fields';

afterEach(cleanup);

const Fields = () => (
  <>
    <FloatingInput label="Full name" name="name" autoComplete="off" />
    <FloatingInput label="Email (optional)" name="email" type="email" autoComplete="off" />
    <FloatingInput label="Mother's name" name="mother_name" autoComplete="off" />
    <FloatingTextarea label="Address" name="address" />
  </>
);
const autofill = () =>
  ['Full name', 'Email (optional)', "Mother's name", 'Address'].map((l) => screen.getByLabelText(l).getAttribute('autocomplete'));

it('an officer typing a borrower: every field keeps autofill off', () => {
  render(<Fields />);
  expect(autofill()).toEqual(['off', 'off', 'off', 'off']);
});

it("a visitor's own form: their fields name their purposes, another person's name stays off", () => {
  render(
    <OwnFields>
      <Fields />
    </OwnFields>,
  );
  expect(autofill()).toEqual(['name', 'email', 'off', 'street-address']);
});
