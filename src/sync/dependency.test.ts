import { describe, expect, it } from 'vitest';
import type { OutboxOp } from '../db/types';
import { dependantsOf, explicitDependantsOf, fileRef, placeholdersIn, resolvePlaceholders, resultRef } from './dependency';
import { MissingDependencyError } from './errors';

const op = (seq: number, id: string, appId: string | null, extra: Partial<OutboxOp> = {}): OutboxOp => ({
  seq,
  id,
  appId,
  kind: 'k',
  api: 'main',
  method: 'PATCH',
  path: '/x',
  idempotencyKey: `key-${id}`,
  dependsOn: [],
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  updatedAt: 0,
  ...extra,
});

describe('placeholders', () => {
  const body = { photo: fileRef('local-1'), nested: { list: [resultRef('op-9', 'data.id'), 'plain'] }, n: 3 };

  it('finds the files and ops a body refers to', () => {
    expect(placeholdersIn(body)).toEqual({ fileIds: ['local-1'], opIds: ['op-9'] });
  });

  it('substitutes server file ids and op results at send time', () => {
    const out = resolvePlaceholders(body, {
      file: (id) => (id === 'local-1' ? { serverFileId: 'srv-abc' } : undefined),
      op: (id) => (id === 'op-9' ? { state: 'done', result: { data: { id: 'remote-7' } } } : undefined),
    });
    expect(out).toEqual({ photo: 'srv-abc', nested: { list: ['remote-7', 'plain'] }, n: 3 });
    expect(body.photo).toEqual({ $fileId: 'local-1' });
  });

  it('refuses to send when a value is missing', () => {
    expect(() => resolvePlaceholders(body, { file: () => undefined, op: () => undefined })).toThrow(MissingDependencyError);
    expect(() =>
      resolvePlaceholders(body, { file: () => ({ serverFileId: 'x' }), op: () => ({ state: 'sending', result: undefined }) }),
    ).toThrow(MissingDependencyError);
  });

  it('leaves objects that merely contain a $fileId key among others alone', () => {
    const v = { $fileId: 'a', other: 1 };
    expect(resolvePlaceholders(v, { file: () => undefined, op: () => undefined })).toEqual(v);
  });
});

describe('dependants', () => {
  const ops = [
    op(1, 'up', 'A', { fileId: 'f1', method: 'POST' }),
    op(2, 'a1', 'A'),
    op(3, 'a2', 'A', { dependsOn: ['up'] }),
    op(4, 'b1', 'B', { dependsOn: ['a2'] }),
    op(5, 'b2', 'B'),
    op(6, 'c1', 'C'),
    op(7, 'a3', 'A'),
  ];

  it('parks explicit dependants and later ops of the same application', () => {
    expect(dependantsOf('a1', ops)).toEqual(['a2', 'b1', 'b2', 'a3']);
    expect(dependantsOf('up', ops)).toEqual(['a2', 'b1', 'b2', 'a3']);
    expect(dependantsOf('c1', ops)).toEqual([]);
  });

  it('discard takes only explicit dependants', () => {
    expect(explicitDependantsOf('up', ops)).toEqual(['a2', 'b1']);
    expect(explicitDependantsOf('b2', ops)).toEqual([]);
  });
});
