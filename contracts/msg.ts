// Marks a text that contracts/ defines and the phone shows (a field label, a rule's message), so the catalogue check
// finds it; the phone translates it where it renders it (`t(label)`). The server keeps the English as it is.
export const msg = <S extends string>(source: S): S => source;
