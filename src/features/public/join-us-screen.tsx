// /join-us: partner registration. Its twenty fields show at once as plain inputs that take typing (what is typed is
// kept); the form's code (react-hook-form, the rules, the draft, the uploads: join-us-form.tsx) is asked for once they
// have painted and takes them over, so a visitor on weak data gets a working page before 120 KB of JS.
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { FooterBar } from '../../components/ui/footer-bar';
import { afterFirstPaintDone } from '../../lib/after-first-paint';
import { lazyComponent } from '../../lib/lazy-component';
import { PAINTED_FORM } from '../../forms/painted-form';
import { JOIN_US_INTRO, JoinUsFieldsets } from './join-us-fields';
import { t } from '../../i18n';

// Masks (input-masks.ts) act on a field with a change handler; the painted inputs keep nothing else.
const keepMask = () => {};

function PaintedForm() {
  return (
    <form
      className="stack"
      noValidate
      aria-label={t('Partner Registration')}
      {...{ [PAINTED_FORM]: 'join-us' }}
      onSubmit={(e) => e.preventDefault()}
    >
      <p className="muted">{t(JOIN_US_INTRO)}</p>
      <JoinUsFieldsets
        input={(name, label, hints) => <FloatingInput label={label} name={name} {...hints} onChange={keepMask} />}
        documents={<p className="muted">{t('Loading...')}</p>}
      />
      <FooterBar>
        <Button type="submit" size="lg" busy>
          {t('Submit')}
        </Button>
      </FooterBar>
      <p className="muted small">
        {t('Already registered?')} <Link to="/join-us/track">{t('Track your partner request')}</Link>
      </p>
    </form>
  );
}

// On a link that drops the form's code, lazyComponent asks again once back online: the painted fields, and what was typed
// in them, stay meanwhile.
const JoinUsForm = lazyComponent(
  () =>
    afterFirstPaintDone()
      .then(() => import('./join-us-form'))
      .then((m) => m.JoinUsForm),
  <PaintedForm />,
);

export function JoinUsScreen() {
  return (
    <main className="page">
      <h1 className="page-title">{t('Partner Registration')}</h1>
      <JoinUsForm />
    </main>
  );
}
