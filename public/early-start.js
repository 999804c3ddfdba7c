try {
  const ls = localStorage;
  const c = JSON.parse(ls.getItem('flo.early-unlock'));
  const p = JSON.parse(ls.getItem('flo.profile'));
  const s = ls.getItem('flo.signed-in');
  if (c.user === p.id && (s === 'sealed' || s === '1') && c.entry === document.querySelector('script[type="module"]').src) {
    const r = document.getElementById('root');
    r.append(document.getElementById('early-pin').content.cloneNode(true));
    for (const e of r.querySelectorAll('[data-t]')) {
      const text = c.texts[e.dataset.t];
      if (e.dataset.a) e.setAttribute(e.dataset.a, text);
      else e.textContent = text;
    }
    r.querySelector('form').onsubmit = (e) => {
      e.preventDefault();
      e.target.dataset.asked ||= 'unlock';
    };
    document.documentElement.lang = c.lang;
    document.head.append(Object.assign(document.createElement('script'), { src: '/early-form.js' }));
  }
} catch {}
