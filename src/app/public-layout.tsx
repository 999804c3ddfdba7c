// The frame of every public page: the lender's brand, where to go, the visitor's queue, and the
// terms, privacy and contact links; the page title and the sharing meta follow the page.
import { SkipLink, SkipTarget } from '../components/ui/skip-link';
import { Link, Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { TenantConfig } from '../../contracts/tenant';
import { lazyComponent } from '../lib/lazy-component';
import { useSyncRuntime } from '../sync/sync-runtime';
import { FlowProvider, PUBLIC_FLOW } from '../session/flow-context';
import { GuestRuntimeProvider } from './guest-runtime-provider';
import { describePage, publicTitle } from './page-meta';
import { t, useLocale } from '../i18n';
import { afterFirstPaint } from '../lib/after-first-paint';
import { useHeadingFocus } from '../lib/use-heading-focus';

// The switch sits in the footer, below the form: its code comes after the first screen, not in its budget.
const LanguageSwitch = lazyComponent(() => import('../components/ui/language-switch').then((m) => m.LanguageSwitch), null, {
  optional: true,
});

// The offline banner and the visitor's queue read the visitor's database, which loads after the first paint
// (guest-runtime-provider.tsx); until it is there they would show nothing, so their code waits for it too.
const PublicStatus = lazyComponent(() => import('./public-status').then((m) => m.PublicStatus), null, { optional: true });
const StatusOnceReady = () => (useSyncRuntime() ? <PublicStatus /> : null);

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function usePageMeta(path: string, tenant: TenantConfig | null) {
  // The title and description follow the language too: read on every render, written when they change.
  useLocale();
  const brand = tenant?.name ?? 'Field Loans';
  const title = `${publicTitle(path)} · ${brand}`;
  const description = describePage(path, tenant?.lender_name ?? brand);
  useEffect(() => {
    document.title = title;
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[property="og:title"]', 'property', 'og:title', title);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    setMeta('meta[property="og:site_name"]', 'property', 'og:site_name', brand);
  }, [title, description, brand]);
}

export function PublicLayout({ tenant, path }: { tenant: TenantConfig | null; path: string }) {
  usePageMeta(path, tenant);
  useHeadingFocus('public-main', path);
  // The switch sits in the footer, below the form: its code is asked for once the first screen is there.
  const [late, setLate] = useState(false);
  useEffect(() => afterFirstPaint(() => setLate(true)), []);
  return (
    <FlowProvider flow={PUBLIC_FLOW}>
      <GuestRuntimeProvider>
        <div className="frame public-frame">
          <SkipLink target="public-main" />
          <header className="app-header">
            {tenant && <img src={tenant.logo_url} alt={tenant.name} height={32} />}
            <span className="hello">{tenant?.name ?? 'Field Loans'}</span>
            <nav aria-label={t('Public pages')} className="public-nav">
              <Link to="/apply-loan/mobile">{t('Apply')}</Link>
              <Link to="/apply-loan/track">{t('Track')}</Link>
              <Link to="/join-us">{t('Join us')}</Link>
            </nav>
          </header>
          <StatusOnceReady />
          <SkipTarget id="public-main">
            <Outlet />
          </SkipTarget>
          <footer className="public-footer">
            {late && <LanguageSwitch />}
            <nav aria-label={t('Legal and contact')}>
              <a href={tenant?.terms_url ?? '/terms.html'}>{t('Terms of Service')}</a> ·{' '}
              <a href={tenant?.privacy_url ?? '/privacy.html'}>{t('Privacy Policy')}</a> ·{' '}
              <a href={tenant?.contact_url ?? '/contact.html'}>{t('Contact us')}</a>
            </nav>
            {tenant && <p>{t('Loans by {lender}', { lender: tenant.lender_name })}</p>}
            <p>
              {t('Already an officer?')} <Link to="/login">{t('Sign in')}</Link>
            </p>
            <p className="powered">
              {t('Powered By')} <img src="/icons/icon-192.png" alt="Field Loans" width={20} height={20} />
            </p>
          </footer>
        </div>
      </GuestRuntimeProvider>
    </FlowProvider>
  );
}
