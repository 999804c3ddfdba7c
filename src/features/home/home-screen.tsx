import { useProfile } from '../auth/profile-store';

/** Placeholder dashboard until the second-stage workflow issue lands (count, View, Create Application). */
export function HomeScreen() {
  const profile = useProfile();
  return (
    <main className="page">
      <h2>Dashboard</h2>
      <p className="muted">Signed in as {profile.mobile}. The application dashboard arrives with the workflow issues.</p>
    </main>
  );
}
