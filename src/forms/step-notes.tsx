// The two notes above a form's fields: a restored draft, and the first error after a submit. Apart from
// use-step-form.tsx so a form without react-hook-form (one-field-form.ts) shows the same notes.
import { FORM_BANNER_ID } from '../components/ui/field-messages';
import { msg } from '../../contracts/msg';
import { MessageLine } from '../components/ui/message-line';
import { t } from '../i18n';
import type { DraftState } from './use-draft';

export const RESTORED_NOTE = msg('Restored what you typed earlier.');

export function StepNotes({ draft, error }: { draft: Pick<DraftState, 'restored'>; error?: string }) {
  return (
    <>
      {draft.restored && <MessageLine variant="info">{t(RESTORED_NOTE)}</MessageLine>}
      {error && (
        <MessageLine variant="error" id={FORM_BANNER_ID}>
          {error}
        </MessageLine>
      )}
    </>
  );
}
