// Whose each outbox row is: the borrower's name and mobile from the phone's copy of the application.
import { useMemo } from 'react';
import { useApplications } from '../../db/hooks';
import type { UserDb } from '../../db/user-db';
import { whoOf } from '../../workflow/needs-you';

export function useWhoByApp(db: UserDb | null): Map<string, string> {
  const apps = useApplications(db);
  return useMemo(() => new Map(apps.map((a) => [a.id, whoOf(a.data as { name?: string; phone?: string })])), [apps]);
}
