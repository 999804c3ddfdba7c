// /join-us: partner registration. Its twenty fields show at once as plain inputs that take typing (what is typed is
// kept); the form's code (react-hook-form, the rules, the draft, the uploads: join-us-form.tsx) is asked for once they
// have painted and takes them over, so a visitor on weak data gets a working page before 120 KB of JS (issue 23).
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { FooterBar } from '../../components/ui/footer-bar';
import { afterFirstPaintDone } from '../../lib/after-first-paint';
import { lazyComponent } from '../../lib/lazy-component';
import { PAINTED_FORM } from '../../forms/painted-form';
import { JOIN_US_INTRO, JoinUsFieldsets } from './join-us-fields';

// Masks (input-masks.ts) act on a field with a change handler; the painted inputs keep nothing else.
const keepMask = () => {};

function PaintedForm() {
  return (
    <form className="stack" noValidate aria-label="Partner Registration" {...{ [PAINTED_FORM]: 'join-us' }} onSubmit={(e) => e.preventDefault()}>
      <p className="muted">{JOIN_US_INTRO}</p>
      <JoinUsFieldsets input={(name, label, hints) => <FloatingInput label={label} name={name} {...hints} onChange={keepMask} />}
        documents={<p className="muted">Loading...</p>} />
      <FooterBar>
        <Button type="submit" size="lg" busy>Submit</Button>
      </FooterBar>
      <p className="muted small">Already registered? <Link to="/join-us/track">Track your partner request</Link></p>
    </form>
  );
}

/** Back online, or a moment later when the phone never said it was offline (a link that dropped one request). */
const online = () => new Promise<void>((resolve) => {
  window.addEventListener('online', () => resolve(), { once: true });
  if (navigator.onLine) setTimeout(resolve, 2000);
});
/** The form's code; on a link that drops it is asked again when the phone is back online, the painted fields (and
 * what was typed in them) staying meanwhile, rather than the page giving way to an error screen. */
async function loadForm(attempt = 1): Promise<typeof import('./join-us-form')> {
  try {
    return await import('./join-us-form');
  } catch (err) {
    if (attempt >= 3) throw err;
    await online();
    return loadForm(attempt + 1);
  }
}

const JoinUsForm = lazyComponent(() => afterFirstPaintDone().then(() => loadForm()).then((m) => m.JoinUsForm), <PaintedForm />);

export function JoinUsScreen() {
  return (
    <main className="page">
      <h1 className="page-title">Partner Registration</h1>
      <JoinUsForm />
    </main>
  );
}
