try {
  if (localStorage.getItem('flo.early-unlock'))
    document.head.append(Object.assign(document.createElement('script'), { src: '/early-form.js' }));
} catch {}
