// forgebuilder: runs before the page is drawn (no defer): styles may tell script-capable
// browsers apart. Kept in a file, not inline, for the Content-Security-Policy.
document.documentElement.classList.add("js");
// The editor's compact list (unit cards folded to one line): the player's choice on this device,
// else folded on a phone. Set before the page is drawn, so the cards do not jump.
(function () {
  var stored = null;
  try { stored = window.localStorage.getItem("forgebuilder.compact"); } catch (e) { /* private mode */ }
  var compact = stored === null ? window.matchMedia("(max-width: 767.98px)").matches : stored === "1";
  if (compact) document.documentElement.classList.add("compact-list");
})();
