/* global document, window */
// Runs synchronously in <head>, before the first paint, so the page never flashes the wrong
// theme. Order: the signed-in reader's saved theme, else this device's last choice, else the
// system's preference. Keys must match src/lib/storage.ts.
(function () {
  var theme = null;
  try {
    var user = JSON.parse(localStorage.getItem('lede.user') || 'null');
    if (user && localStorage.getItem('lede.token')) theme = user.theme;
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
