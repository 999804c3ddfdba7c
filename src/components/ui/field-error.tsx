import { localized } from '../../i18n';
import { useInBanner } from './field-messages';

/**
 * The message under a field; the field points at it with aria-describedby. A validation message the form's banner
 * stands for is not repeated under the field (field-messages.ts).
 */
export function FieldError({ id, error }: { id: string; error?: string }) {
  const inBanner = useInBanner(error);
  if (!error || inBanner) return null;
  return (
    <p id={id} className="ui-field-error">
      {localized(error)}
    </p>
  );
}
