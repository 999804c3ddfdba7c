import { type ChangeEvent, type ReactNode, useId } from 'react';
import { Button, buttonClassName } from './button';
import { type CameraUnavailableReason, CameraCapture } from './camera-capture';
import { cx } from './class-names';
import { FieldError } from './field-error';
import { FORM_BANNER_ID, useInBanner } from './field-messages';
import type { FilePreview } from './file-preview';
import { TickIcon } from './icons';
import { keepFocusOn } from '../../lib/focus-keeper';
import { PreviewCard } from './preview-card';
import { t } from '../../i18n';
import { msg } from '../../../contracts/msg';

export type UploadStatus = 'NONE' | 'PROGRESS' | 'SUCCESS' | 'FAILED';

export type FileFieldProps = {
  label: string;
  /** The file input's accept list, e.g. "image/*,application/pdf". Empty accepts anything. */
  accept?: string;
  status: UploadStatus;
  /** 0..1 while PROGRESS; without it the bar is indeterminate. */
  progress?: number;
  previews?: readonly FilePreview[];
  onPick: (files: File[]) => void;
  onClear: () => void;
  /** Offer the camera (only shown when `accept` includes images). */
  cameraEnabled?: boolean;
  /** The camera is the way (a visit photo): it comes first, and picking a file says it will be flagged. */
  cameraFirst?: boolean;
  /** A photo taken with the camera; defaults to onPick([file]). */
  onCapture?: (file: File) => void;
  onCameraUnavailable?: (reason: CameraUnavailableReason) => void;
  multiple?: boolean;
  disabled?: boolean;
  error?: string;
  id?: string;
  className?: string;
  /** Slot under the field, e.g. the missing-geotag warning. */
  children?: ReactNode;
};

const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif', '.gif'];

/** True when a file input with this accept list lets the user choose an image. */
export function acceptsImages(accept: string | undefined): boolean {
  const tokens = (accept ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  return tokens.some((t) => t === '*/*' || t.startsWith('image/') || IMAGE_EXTENSIONS.includes(t));
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  NONE: '',
  PROGRESS: msg('Uploading…'),
  SUCCESS: msg('Uploaded'),
  FAILED: msg('Upload failed. Try again.'),
};

/**
 * REQ-FILE-1 file field, presentational only: the parent owns the upload and passes its status
 * (NONE → PROGRESS → SUCCESS | FAILED), progress and previews. Once a single file has uploaded, the
 * tick and a clear action replace the pick buttons.
 */
export function FileField({
  label,
  accept,
  status,
  progress,
  previews = [],
  onPick,
  onClear,
  cameraEnabled = false,
  cameraFirst = false,
  onCapture,
  onCameraUnavailable,
  multiple = false,
  disabled = false,
  error,
  id,
  className,
  children,
}: FileFieldProps) {
  const autoId = useId().replace(/:/g, '');
  const inputId = id ?? `file${autoId}`;
  const statusId = `${inputId}-status`;
  const errorId = `${inputId}-error`;
  // A validation message the form's banner stands for is not repeated here (field-messages.ts).
  const inBanner = useInBanner(error);
  const busy = status === 'PROGRESS';
  const canPick = !disabled && !busy;
  const showPick = status !== 'SUCCESS' || multiple;
  const showCamera = cameraEnabled && acceptsImages(accept) && showPick;
  const showClear = !busy && !disabled && (status === 'SUCCESS' || previews.length > 0);

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length === 0) return;
    // The input is disabled while the file uploads and gives way to Clear once it has: the focus follows, never the page.
    keepFocusOn(e.target);
    onPick(files);
  };

  return (
    <div className={cx('ui-file', `ui-file--${status.toLowerCase()}`, error && 'ui-file--error', className)} data-focus-group="">
      <div className="ui-file__head">
        <span className="ui-file__label">{t(label)}</span>
        {status === 'SUCCESS' && (
          <span className="ui-file__tick" data-testid="upload-tick" aria-hidden="true">
            <TickIcon size={16} />
          </span>
        )}
      </div>
      {showPick && (
        <div className={cx('ui-file__actions', cameraFirst && showCamera && 'ui-file__actions--camera-first')}>
          <input
            id={inputId}
            type="file"
            className="ui-file__input ui-visually-hidden"
            accept={accept}
            multiple={multiple}
            disabled={!canPick}
            aria-label={t(label)}
            aria-invalid={error ? true : undefined}
            aria-describedby={cx(statusId, error && (inBanner ? FORM_BANNER_ID : errorId))}
            onChange={onChange}
          />
          <label htmlFor={inputId} className={buttonClassName('outline', 'default', cx('ui-file__pick', !canPick && 'is-disabled'))}>
            {cameraFirst && showCamera ? t('Pick from phone (flagged)') : multiple ? t('Choose files') : t('Choose file')}
          </label>
          {showCamera && (
            <CameraCapture
              disabled={!canPick}
              onCapture={(file) => (onCapture ? onCapture(file) : onPick([file]))}
              onUnavailable={onCameraUnavailable}
            />
          )}
        </div>
      )}
      {busy && (
        <progress className="ui-file__progress" max={1} value={progress} aria-label={t('Uploading {item}', { item: label })}>
          {progress === undefined ? '' : `${Math.round(progress * 100)}%`}
        </progress>
      )}
      <p id={statusId} role="status" className={cx('ui-file__status', `is-${status.toLowerCase()}`)}>
        {status === 'SUCCESS' && <TickIcon size={16} />}
        {STATUS_TEXT[status] && t(STATUS_TEXT[status])}
      </p>
      {previews.length > 0 && <PreviewCard previews={previews} />}
      {showClear && (
        <Button variant="link" size="link" className="ui-file__clear" aria-label={t('Clear {item}', { item: label })} onClick={onClear}>
          {t('Clear')}
        </Button>
      )}
      {children && <div className="ui-file__note">{children}</div>}
      <FieldError id={errorId} error={inBanner ? undefined : error} />
    </div>
  );
}
