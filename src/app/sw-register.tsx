// Registers the service worker (production builds) and offers updates: the officer chooses when to reload.
import { toast } from '../lib/toast';
import { t } from '../i18n';
import { msg } from '../../contracts/msg';
import { loadRetrying } from '../lib/lazy-component';
import { SW_SCOPE, SW_URL } from '../lib/app-kept-offline';

export const UPDATE_TEXT = msg('A new version of the app is ready.');
export const OFFLINE_READY_TEXT = msg('Ready to work offline');

function UpdatePrompt({ onUpdate }: { onUpdate: () => void }) {
  return (
    <div className="update-prompt">
      <span>
        {t(UPDATE_TEXT)} {t('Your saved work stays on this phone.')}
      </span>
      <button type="button" className="btn-link" onClick={onUpdate}>
        {t('Update now')}
      </button>
    </div>
  );
}

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await loadRetrying(() => import('workbox-window'));
  const wb = new Workbox(SW_URL, { scope: SW_SCOPE });
  wb.addEventListener('waiting', () => {
    const id = toast.show(
      <UpdatePrompt
        onUpdate={() => {
          toast.dismiss(id);
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        }}
      />,
      { autoClose: false, closeOnClick: false },
    );
  });
  wb.addEventListener('activated', (e) => {
    if (!e.isUpdate) toast.success(OFFLINE_READY_TEXT);
  });
  wb.register().catch((err) => console.warn('service worker not registered', err));
}
