// A language's catalogues compiled into one module at build time (scripts/po-catalogues.ts).
declare module 'virtual:locale/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
