try {
  const c = JSON.parse(localStorage.getItem('flo.early-unlock'));
  if (c) {
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
    document.head.append(Object.assign(document.createElement('script'), { src: '/early-form.js' }));
  }
} catch {}
