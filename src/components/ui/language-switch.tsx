// The language switch: each language named in its own script, so a person finds theirs whatever the screen is in.
// Switching re-renders the screens in place (typed text kept) and is remembered on this device.
import { type ReactNode, useState } from 'react';
import { LOCALES, OWN_NAME, PSEUDO_ENABLED, setLocale, t, type UiLocale, useLocale } from '../../i18n';
import { cx } from './class-names';

const CHOICES: readonly UiLocale[] = PSEUDO_ENABLED ? [...LOCALES, 'en-XA'] : LOCALES;
const TAG: Record<UiLocale, string> = { en: 'en', hi: 'hi', mr: 'mr', 'en-XA': 'en' };

export function LanguageSwitch({ className }: { className?: string }) {
  const active = useLocale();
  const [failed, setFailed] = useState(false);
  const choose = (locale: UiLocale) => {
    setFailed(false);
    setLocale(locale).catch(() => setFailed(true));
  };
  return (
    <LanguageChoices
      className={className}
      legend={<legend className="ui-visually-hidden">{t('Language')}</legend>}
      choices={CHOICES}
      value={active}
      onChoose={choose}
      failed={failed}
    />
  );
}

/** Each language as a button in its own script, the chosen one pressed; what the person reads if its load failed. */
export function LanguageChoices<L extends UiLocale>({
  className,
  legend,
  choices,
  value,
  onChoose,
  failed,
}: {
  className?: string;
  legend: ReactNode;
  choices: readonly L[];
  value: L;
  onChoose: (l: L) => void;
  failed?: boolean;
}) {
  return (
    <fieldset className={cx('language-switch', className)}>
      {legend}
      {choices.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={TAG[locale]}
          aria-pressed={locale === value}
          className="language-switch__choice"
          onClick={() => onChoose(locale)}
        >
          {OWN_NAME[locale]}
        </button>
      ))}
      {failed && (
        <span role="alert" className="language-switch__error">
          {t('This language could not be loaded. Connect to the internet once and try again.')}
        </span>
      )}
    </fieldset>
  );
}
