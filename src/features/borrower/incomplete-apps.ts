// The mobile screen's list (REQ-NAV-4: status, rejection_status): with status=DRAFT the
// officer's applications still to complete. A rejected application can no longer be completed, so it is never among
// them; rejection_status=REJECTED lists the rejected ones instead (each opens its rejection screen).
import { appStateOf, type StateSource } from '../../../contracts/authority';
import { t } from '../../i18n';

export type ListedApp = { id: string; data: StateSource & Record<string, unknown> };

export const isRejectedApp = (data: StateSource & { rejection_reason?: unknown }) =>
  appStateOf(data) === 'REJECTED' || data.status === 'REJECTED' || !!data.rejection_reason;

export function incompleteApps<A extends ListedApp>(apps: readonly A[], rejectionStatus?: string): A[] {
  if (rejectionStatus === 'REJECTED') return apps.filter((a) => isRejectedApp(a.data));
  return apps.filter((a) => (a.data.status ?? 'DRAFT') === 'DRAFT' && !isRejectedApp(a.data));
}

export const incompleteTitle = (rejectionStatus?: string) =>
  rejectionStatus === 'REJECTED' ? t('Rejected Applications') : t('Complete Application');
