/** 'Forgot PIN?' marks the officer (`tenant|user`) whose next OTP sign-in sets a new PIN from the recovery copy. */
export const PIN_RESET_KEY = 'flo.pin-reset';
