// Stand-in for a screen whose issue has not landed yet: says so plainly, never a blank page.
export function StagePlaceholder({ title }: { title: string }) {
  return (
    <main className="page">
      <h2>{title}</h2>
      <p className="muted">This screen arrives with its workflow issue. Nothing you saved is affected.</p>
      <a href="#/">Back to home</a>
    </main>
  );
}
