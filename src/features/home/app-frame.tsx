import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import type { TenantConfig } from '../../../contracts/tenant';
import { useProfile } from '../auth/profile-store';

/** Signed-in frame: logo, 'Hello {first} {last}', profile or home icon, 'Powered By' footer. */
export function AppFrame({ tenant }: { tenant: TenantConfig | null }) {
  const profile = useProfile();
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className="frame">
      <header className="app-header">
        {tenant && <img src={tenant.logo_url} alt={tenant.name} height={32} />}
        <span className="hello">Hello {profile.first_name} {profile.last_name}</span>
        {path === '/' ? <Link to="/profile" aria-label="Profile">👤</Link> : <Link to="/" aria-label="Home">🏠</Link>}
      </header>
      <Outlet />
      <footer className="app-footer">Powered By <img src="/icons/icon-192.png" alt="Field Loans" height={20} /></footer>
    </div>
  );
}
