import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileSource } from './compile';

// The run-time compiler for English sources must read them exactly as Lingui's build-time compiler reads a catalogue.
const SOURCES = [
  'Plain text',
  'Hello {name}!',
  '{count, plural, one {# visit pending} other {# visits pending}}',
  '{count, plural, =0 {None} one {One for {name}} other {# for {name}}}',
  "Don't {x, select, a {A} other {O}}",
  "It''s '{literal}'",
  '{n, number} left',
  'Pay {amount} by {date}, {count, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} time',
];

describe('compileSource', () => {
  it.each(SOURCES)('matches Lingui: %s', (source) => {
    expect(compileSource(source)).toEqual(compileMessage(source));
  });

  it('rejects an unbalanced source', () => {
    expect(() => compileSource('Hello {name')).toThrow();
    expect(() => compileSource('Hello }')).toThrow();
  });
});
