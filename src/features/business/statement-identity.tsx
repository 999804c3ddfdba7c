// Statement parsing (banking API /v1/identity, REQ-API-1): once a bank's statements are on the server, whose account
// they are, so the officer sees at once a statement of the wrong person or bank. Online only; it never blocks.
import { useFlow } from '../../session/flow-context';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { softCall } from '../../api/http';
import { MessageLine } from '../../components/ui/message-line';
import type { UserDb } from '../../db/user-db';
import { useOnline } from '../../lib/use-online';
import { keepStatementIdentity } from '../../forms/statement-prefill';
import { type IdentityAnswer, identityLine } from './identity-line';

/** `keepFor`: the application whose bank account form the main statement's identity fills. */
export function StatementIdentityLine({
  db,
  localIds,
  password,
  bankName,
  keepFor,
}: {
  db: UserDb | null;
  localIds: string[];
  password: string;
  bankName: string;
  keepFor?: string;
}) {
  const online = useOnline();
  // Statement parsing is a staff call: a visitor's guest token is refused ('You do not have access…'), so a visitor's
  // business step does not ask.
  const staff = !useFlow().visitor;
  const serverIds = useLiveQuery(async () => {
    if (!db || localIds.length === 0) return null;
    const files = await db.files.bulkGet(localIds);
    return files.every((f) => f?.serverFileId) ? files.map((f) => f!.serverFileId!) : null;
  }, [db, localIds.join(',')]);
  const [line, setLine] = useState<{ text: string; ok: boolean } | null>(null);
  const key = serverIds?.join(',') ?? '';
  useEffect(() => {
    if (!online || !key || !staff) return setLine(null);
    let cancelled = false;
    const files = key.split(',').map((file_id) => ({ file_id, password }));
    void softCall<IdentityAnswer>('banking', '/v1/identity', { method: 'POST', body: { bank_name: bankName, files } }).then((a) => {
      if (cancelled) return;
      const read = identityLine(a);
      if (read.ok && db && keepFor) void keepStatementIdentity(db, keepFor, read.identity).catch(() => undefined);
      setLine({ ok: read.ok, text: read.text });
    });
    return () => {
      cancelled = true;
    };
  }, [online, key, password, bankName, db, keepFor, staff]);
  if (!line) return null;
  return <MessageLine variant={line.ok ? 'info' : 'warning'}>{line.text}</MessageLine>;
}
