/* Registers forgebuilder's service worker (offline reading, see templates/offline/sw.js).
 * The worker's address comes from this script tag's data-worker attribute. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) return;
  var worker = script.getAttribute("data-worker");
  if (!worker) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(worker, { scope: "/" }).catch(function () {
      /* Offline reading is an extra: the site works the same without it. */
    });
  });
})();
