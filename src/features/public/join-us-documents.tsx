// The documents of the partner registration (/join-us): five uploads, each sent as soon as it is picked
// (POST /v1/join-us/upload-file). They stand at the end of a twenty-field form, below the first screen, so their code
// (the file field, its preview card and sheet, the camera) loads once the form has painted (the first download).
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ApiFailure } from '../../api/http';
import { uploadPartnerFile } from '../../api/public/join-us';
import { FileField, type UploadStatus } from '../../components/ui/file-field';
import type { JoinUsValues as Values } from './join-us-form';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

const DOCUMENTS = [
  { name: 'pan', label: msg('PAN card'), fileType: 'PAN' },
  { name: 'aadhaar_front', label: msg('Aadhaar front'), fileType: 'AADHAAR_FRONT' },
  { name: 'aadhaar_back', label: msg('Aadhaar back'), fileType: 'AADHAAR_BACK' },
  { name: 'cancelled_cheque', label: msg('Cancelled cheque'), fileType: 'CANCELLED_CHEQUE' },
  { name: 'gst', label: msg('GST certificate (optional)'), fileType: 'GST' },
] as const;
type DocName = (typeof DOCUMENTS)[number]['name'];

/** A rule's message in the visitor's language (the rules keep their English source). */
const textOf = (message: string | undefined) => (message ? t(message) : undefined);

async function uploadDocument(file: File, fileType: string): Promise<string> {
  // The resizer loads with the first document picked, not with the page (the first download).
  const { renameForJpeg, resizeImage } = await import('../../lib/image-resize');
  const blob = await resizeImage(file);
  const body = new FormData();
  body.append('file', blob, renameForJpeg(file.name, blob));
  body.append('file_type', fileType);
  const res = await uploadPartnerFile(body);
  return res.data.file_id;
}

function DocumentField({ form, doc, online }: { form: UseFormReturn<Values>; doc: (typeof DOCUMENTS)[number]; online: boolean }) {
  const [status, setStatus] = useState<UploadStatus | null>(null);
  const [failure, setFailure] = useState('');
  const fileId = form.watch(doc.name as DocName);
  const fileName = form.watch('file_names')?.[doc.name];
  const shown: UploadStatus = status ?? (fileId ? 'SUCCESS' : 'NONE');
  const onPick = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setStatus('PROGRESS');
    setFailure('');
    try {
      const id = await uploadDocument(file, doc.fileType);
      form.setValue(doc.name as DocName, id, { shouldValidate: true, shouldDirty: true });
      form.setValue('file_names', { ...form.getValues('file_names'), [doc.name]: file.name }, { shouldDirty: true });
      setStatus('SUCCESS');
    } catch (err) {
      setStatus('FAILED');
      setFailure(
        err instanceof ApiFailure && err.status !== 0 ? err.message : t('Upload failed. Check your connection and pick the file again.'),
      );
    }
  };
  return (
    <FileField
      label={t(doc.label)}
      accept="image/*,application/pdf"
      status={shown}
      cameraEnabled
      disabled={!online && shown !== 'SUCCESS'}
      onPick={(files) => void onPick(files)}
      onClear={() => {
        form.setValue(doc.name as DocName, '', { shouldValidate: true, shouldDirty: true });
        setStatus('NONE');
      }}
      error={failure || textOf(form.formState.errors[doc.name as DocName]?.message)}
    >
      {fileId && fileName && shown === 'SUCCESS' && <p className="muted small">{t('Uploaded: {file}', { file: fileName })}</p>}
    </FileField>
  );
}

export function JoinUsDocuments({ form, online }: { form: UseFormReturn<Values>; online: boolean }) {
  return DOCUMENTS.map((d) => <DocumentField key={d.name} form={form} doc={d} online={online} />);
}
