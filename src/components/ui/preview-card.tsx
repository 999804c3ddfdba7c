import { useState } from 'react';
import { BottomSheet } from './bottom-sheet';
import { Button } from './button';
import { cx } from './class-names';
import { type FilePreview, isImagePreview, isPdfPreview } from './file-preview';
import { ChevronLeftIcon, ChevronRightIcon, ExpandIcon, FileIcon } from './icons';
import { t } from '../../i18n';

export type { FilePreview };

export type PreviewCardProps = {
  previews: readonly FilePreview[];
  className?: string;
};

/**
 * REQ-UI-8 preview card for images and PDFs: one file at a time, previous/next with an "n / total"
 * counter when there are several, and an expand button that shows it full screen. PDFs are a tile
 * with the file name and an "Open" link (the CSP has object-src 'none' and no frames).
 */
export function PreviewCard({ previews, className }: PreviewCardProps) {
  const [index, setIndex] = useState(0);
  const [expanded, setExpanded] = useState(false);
  const count = previews.length;
  if (count === 0) return null;
  const at = Math.min(index, count - 1);
  const item = previews[at]!;

  const nav = count > 1 && (
    <div className="ui-preview__nav">
      <Button variant="ghostBlackOutline" size="icon" aria-label={t('Previous file')} disabled={at === 0} onClick={() => setIndex(at - 1)}>
        <ChevronLeftIcon />
      </Button>
      <span className="ui-preview__counter" aria-live="polite" aria-atomic="true">
        {at + 1} / {count}
      </span>
      <Button
        variant="ghostBlackOutline"
        size="icon"
        aria-label={t('Next file')}
        disabled={at === count - 1}
        onClick={() => setIndex(at + 1)}
      >
        <ChevronRightIcon />
      </Button>
    </div>
  );

  return (
    <div className={cx('ui-preview', className)}>
      <PreviewItem item={item} />
      <div className="ui-preview__bar">
        {nav || <span />}
        <Button variant="ghostBlack" size="icon" aria-label={t('Expand preview')} onClick={() => setExpanded(true)}>
          <ExpandIcon />
        </Button>
      </div>
      <BottomSheet open={expanded} size="full" title={item.name} onClose={() => setExpanded(false)}>
        <div className="ui-preview ui-preview--full">
          <PreviewItem item={item} />
          {nav}
        </div>
      </BottomSheet>
    </div>
  );
}

function PreviewItem({ item }: { item: FilePreview }) {
  if (isImagePreview(item)) return <img className="ui-preview__image" src={item.url} alt={item.name} />;
  return (
    <div className="ui-preview__tile">
      <span className="ui-preview__badge" aria-hidden="true">
        {isPdfPreview(item) ? 'PDF' : <FileIcon size={28} />}
      </span>
      <span className="ui-preview__name">{item.name}</span>
      <a
        className="ui-preview__open"
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('Open {name}', { name: item.name })}
      >
        {t('Open')}
      </a>
    </div>
  );
}
