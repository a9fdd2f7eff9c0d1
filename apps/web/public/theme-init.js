/* global document, window */
// Runs synchronously in <head>, before the first paint, so the page never flashes the wrong
// theme. Order: the signed-in reader's saved theme, else this device's last choice, else the
// system's preference. Keys must match src/lib/storage.ts.
// It also marks a signed-in reader's page (data-session), whose pre-rendered first paint, a
// visitor's, stays hidden until the app replaces it (styles.css).
(function () {
  var theme = null;
  try {
    var user = JSON.parse(localStorage.getItem('lede.user') || 'null');
    if (user && localStorage.getItem('lede.token')) {
      theme = user.theme;
      document.documentElement.setAttribute('data-session', 'reader');
    }
    if (theme !== 'light' && theme !== 'dark') theme = localStorage.getItem('lede.theme');
  } catch (_e) {
    theme = null;
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme =
      window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
