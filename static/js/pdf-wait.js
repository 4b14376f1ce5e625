// forgebuilder: the waiting page of a PDF starts the download when the server says it is ready
// (the `pdf-ready` event of an HX-Trigger header). Without this file the page shows a link.
(function () {
  "use strict";
  document.addEventListener("pdf-ready", function (event) {
    if (event.detail && event.detail.url) window.location.assign(event.detail.url);
  });
})();
