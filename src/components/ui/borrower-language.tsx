// The borrower's language for the texts they agree to (the KFS, the consent): chosen on that screen, independent of
// the officer's own language, and recorded with the acceptance. Its catalogue loads before the text switches, so the
// borrower never reads half of each.
import { useState } from 'react';
import type { Language } from '../../../contracts/language';
import { getLocale, LOCALES, type Locale, loadLocale, t } from '../../i18n';
import { LanguageChoices } from './language-switch';

/** The officer's language to start with (the pseudo-locale is no borrower's). */
const startLanguage = (): Locale => {
  const ui = getLocale();
  return ui === 'en-XA' ? 'en' : ui;
};

/** [the borrower's language, choose another (resolves once it can be shown), whether its load failed]. */
export function useBorrowerLanguage(): [Language, (l: Language) => Promise<void>, boolean] {
  const [language, setLanguage] = useState<Language>(startLanguage);
  const [failed, setFailed] = useState(false);
  const choose = async (l: Language) => {
    try {
      await loadLocale(l);
      setFailed(false);
      setLanguage(l);
    } catch {
      setFailed(true);
    }
  };
  return [language, choose, failed];
}

export function BorrowerLanguagePicker({
  value,
  onChoose,
  failed,
}: {
  value: Language;
  onChoose: (l: Language) => void;
  failed?: boolean;
}) {
  return (
    <LanguageChoices
      className="borrower-language"
      legend={<legend>{t('The borrower reads this in')}</legend>}
      choices={LOCALES}
      value={value}
      onChoose={onChoose}
      failed={failed}
    />
  );
}
