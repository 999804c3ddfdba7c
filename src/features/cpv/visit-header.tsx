// Whose visit this is: the borrower, the business and the address the verifier stands at, the loan asked;
// the whole review summary (the other visit, PD1's figures and photos, the documents) one tap away.
import { useState } from 'react';
import { addressOf, businessAddressOf } from '../../review/review-facts';
import { ReviewSummary, type SummaryApp } from '../../review/review-summary';
import { formatRupees } from '../../lib/format';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

export const NO_BUSINESS_ADDRESS = msg('Business address not on this phone yet');

export function VisitHeader({
  appId,
  app,
  business,
  open: startOpen = false,
}: {
  appId: string;
  app: SummaryApp | undefined;
  business: boolean;
  open?: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  // The business place is the business address only: the residence is never shown as the business place.
  const where = business ? businessAddressOf(app) || t(NO_BUSINESS_ADDRESS) : addressOf(app);
  return (
    <section className="visit-header stack" aria-label={t('Whose visit')}>
      <p>
        <strong>
          {business
            ? t('Business place of {name}', { name: app?.name ?? t('the borrower') })
            : t('Residence of {name}', { name: app?.name ?? t('the borrower') })}
        </strong>
        {app?.phone ? ` · +91 ${app.phone}` : ''}
      </p>
      {business && app?.business_info?.business_name && <p>{app.business_info.business_name}</p>}
      {where && <p className="small">{where}</p>}
      {app?.amount_requested ? (
        <p className="small muted">{t('Loan asked {amount}', { amount: formatRupees(app.amount_requested) })}</p>
      ) : null}
      <button type="button" className="doc-row__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('Application, visits and documents')}
      </button>
      {open && <ReviewSummary appId={appId} app={app} />}
    </section>
  );
}
