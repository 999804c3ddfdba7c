// Loaded by early-start.js at once, before the app's code: a signed-in start whose PIN screen the app has drawn before
// (the cache it keeps: src/features/lock/lock-texts.ts) draws that screen's form now, in the officer's language,
// and loads the form's own small module (src/features/lock/early-unlock.ts), which reads the key vault and unwraps the
// key. A PIN typed or submitted, or 'Forgot PIN?' asked, before that module or the app has arrived is kept on the form
// (data-asked) and carried out by them. The conditions are the app's own for its fast PIN screen (start-vault.ts,
// session.ts); anything unexpected leaves the start to the app alone.
(() => {
  try {
    const read = (key) => JSON.parse(localStorage.getItem(key) || 'null');
    const cache = read('flo.early-unlock');
    const profile = read('flo.profile');
    const entry = document.querySelector('script[type="module"][src]');
    const root = document.getElementById('root');
    const marker = localStorage.getItem('flo.signed-in');
    if (!cache || !profile || !entry || !root || root.firstChild || profile.id === -1 || cache.user !== profile.id) return;
    // Written by this build (another build's module is not loaded), for a session sealed behind the PIN.
    if (cache.entry !== entry.src || new URL(cache.url).origin !== location.origin) return;
    if ((marker !== 'sealed' && marker !== '1') || localStorage.getItem('flo.pin-reset') === `${location.host}|${profile.id}`) return;

    const el = (tag, props, ...kids) => {
      const node = Object.assign(document.createElement(tag), props);
      node.append(...kids);
      return node;
    };
    const t = cache.texts;
    // The same markup as LockPage and UnlockScreen (unlock-screen.tsx), so the app's take-over changes no pixel.
    const input = el('input', { id: 'early-pin', className: 'ui-float__control', placeholder: ' ', type: 'password', maxLength: 6 });
    input.inputMode = 'numeric';
    input.autocomplete = 'off';
    input.addEventListener('input', () => {
      input.value = input.value.replace(/\D/g, '').slice(0, 6);
    });
    const info = el('p', { className: 'ui-msg ui-msg--info', textContent: t.info });
    const note = el('p', { className: 'ui-msg ui-msg--warning', hidden: true });
    for (const p of [info, note]) p.setAttribute('role', 'status');
    const submit = el('button', { type: 'submit', className: 'ui-btn ui-btn--default ui-btn--size-lg', textContent: t.unlock });
    const forgot = el('button', { type: 'button', className: 'ui-btn ui-btn--link ui-btn--size-link', textContent: t.forgot });
    const field = el(
      'div',
      { className: 'ui-float' },
      input,
      el('label', { className: 'ui-float__label', htmlFor: 'early-pin', textContent: t.pin }),
    );
    const form = el('form', { className: 'stack', noValidate: true }, info, field, note, submit, forgot);
    form.setAttribute('aria-label', t.unlock);
    form.dataset.early = String(profile.id);
    const page = el('main', { className: 'page lock-page' });
    if (cache.logo) page.append(el('img', { src: cache.logo.src, alt: cache.logo.alt, height: 32 }));
    page.append(el('h2', { textContent: t.title }));
    const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
    if (name) page.append(el('p', { className: 'muted', textContent: name }));
    page.append(form);

    const ask = (what) => {
      form.dataset.asked = what;
      submit.disabled = forgot.disabled = true;
      submit.setAttribute('aria-busy', 'true');
      submit.replaceChildren(el('span', { className: 'ui-btn__spinner' }), t.busy);
      form.dispatchEvent(new Event('early-asked'));
    };
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (form.dataset.asked) return;
      if (!/^\d{6}$/.test(input.value)) {
        note.textContent = t.short;
        note.hidden = false;
        return;
      }
      ask('unlock');
    });
    forgot.addEventListener('click', () => ask('forgot'));

    document.documentElement.lang = cache.lang;
    if (cache.brand) document.documentElement.style.setProperty('--brand', cache.brand);
    root.append(page);
    input.focus();
    const script = el('script', { type: 'module', src: cache.url });
    document.head.append(script);
  } catch {
    // Storage refused or a cache of another shape: the app draws its PIN screen itself.
  }
})();
