// /application/kyc 'Borrowers Info': the borrower photo, captured or picked offline, geotagged and queued.
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { toast } from '../../lib/toast';
import { useDraft } from '../drafts/use-draft';
import { PhotoField } from '../photos/photo-field';
import { kycDraftKey, PHOTO_REQUIRED, submitKycPhoto } from './kyc-step';

type KycForm = { photo_file: string | null };

function KycPhotoForm({ appId, phone }: { appId: string; phone?: string }) {
  const db = useUserDb();
  const navigate = useNavigate();
  const form = useForm<KycForm>({ defaultValues: { photo_file: null } });
  const draft = useDraft(form, kycDraftKey(appId));
  const onSubmit = form.handleSubmit(async ({ photo_file }) => {
    if (!db) return;
    if (!photo_file) return form.setError('photo_file', { message: PHOTO_REQUIRED });
    try {
      await submitKycPhoto(db, appId, photo_file);
      toast.success('Saved. It will be sent to the server by itself.');
      await navigate({ to: '/' });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  });
  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      {draft.error && <MessageLine variant="error">{draft.error.message}</MessageLine>}
      <Controller
        control={form.control}
        name="photo_file"
        rules={{ required: PHOTO_REQUIRED }}
        render={({ field, fieldState }) => (
          <PhotoField
            db={db}
            label="Borrower photo"
            target={{ appId, field: 'photo_file', fileType: 'BORROWER_PHOTO', uploadType: 'KYC', phone, label: 'Borrower photo' }}
            value={field.value}
            onChange={(id) => {
              field.onChange(id);
              if (id) form.clearErrors('photo_file');
            }}
            error={fieldState.error?.message}
          />
        )}
      />
      <Button type="submit" size="lg" busy={form.formState.isSubmitting} busyText="Saving...">Save</Button>
    </form>
  );
}

export function KycScreen() {
  const { id } = useSearch({ strict: false }) as { id?: string };
  const db = useUserDb();
  const app = useApplication(db, id ?? '');
  const data = app?.data as { phone?: string; name?: string } | undefined;
  return (
    <main className="page">
      <h2>Borrowers Info</h2>
      {app === undefined && id ? null : !id || app === null ? (
        <>
          <MessageLine variant="warning">Open an application first.</MessageLine>
          <Link to="/application/mobile">Create Application</Link>
        </>
      ) : (
        <>
          {data?.name && <p className="muted">{data.name} · +91 {data.phone}</p>}
          <KycPhotoForm appId={id} phone={data?.phone} />
        </>
      )}
    </main>
  );
}
