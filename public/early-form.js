// Makes the PIN form early-start.js drew (a signed-in start, before the app's code; it checked the profile, the session
// and the build) work. Two checks are left to this file, off the page's first paint: no 'Forgot PIN?' asked for this
// officer (start-vault.ts), and a module URL that is this build's own chunk. Either failing removes the form and
// leaves the start to the app. It adds the officer's name and the lender's look, keeps the field to 6 digits, checks a
// submitted PIN on the spot, and loads the form's module (src/features/lock/early-unlock.ts), which reads the key
// vault and unwraps the key. What was asked before any of this arrived (data-asked) is carried out now; React's
// UnlockScreen takes over whatever is under way when it comes.
(() => {
  const form = document.querySelector('form[data-early]');
  if (!form || form.dataset.ready !== undefined) return;
  form.dataset.ready = '';
  const page = form.closest('main');
  try {
    const read = (key) => JSON.parse(localStorage.getItem(key) || 'null');
    const cache = read('flo.early-unlock');
    const profile = read('flo.profile');
    const url = new URL(cache.url);
    const own =
      url.origin === location.origin &&
      /^\/assets\/early-unlock-[\w-]+\.js$/.test(url.pathname) &&
      localStorage.getItem('flo.pin-reset') !== `${location.host}|${profile.id}`;
    if (!own) throw new Error('not this start');

    const t = cache.texts;
    form.dataset.early = String(profile.id);
    const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
    page.querySelector('.muted').textContent = name || '\u00a0';
    if (cache.logo) Object.assign(page.querySelector('img'), { src: cache.logo.src, alt: cache.logo.alt, hidden: false });
    if (cache.brand) document.documentElement.style.setProperty('--brand', cache.brand);

    const input = form.querySelector('input');
    const note = form.querySelector('.ui-msg--warning');
    const [submit, forgot] = form.querySelectorAll('button');
    const digits = () => {
      input.value = input.value.replace(/\D/g, '').slice(0, 6);
    };
    const ask = (what) => {
      form.dataset.asked = what;
      submit.disabled = forgot.disabled = true;
      submit.setAttribute('aria-busy', 'true');
      submit.replaceChildren(Object.assign(document.createElement('span'), { className: 'ui-btn__spinner' }), t.busy);
      form.dispatchEvent(new Event('early-asked'));
    };
    // A 6-digit PIN is unwrapped; anything else is told on the spot. This handler replaces early-start.js's, which only
    // kept the page from reloading and noted the request.
    const submitted = () => {
      if (submit.disabled) return;
      digits();
      if (/^\d{6}$/.test(input.value)) return ask('unlock');
      note.textContent = t.short;
      note.hidden = false;
    };
    input.addEventListener('input', digits);
    form.onsubmit = (e) => {
      e.preventDefault();
      submitted();
    };
    forgot.addEventListener('click', () => submit.disabled || ask('forgot'));
    if (form.dataset.asked === 'unlock') {
      delete form.dataset.asked;
      submitted();
    }
    // The module may have run already (the app's own code imports it): it wires the form on this.
    form.dispatchEvent(new Event('early-ready'));
    document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: cache.url }));
  } catch {
    page?.remove();
  }
})();
