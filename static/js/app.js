// forgebuilder: small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  // Copy buttons: <button data-copy-target="#id">.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy-target]");
    if (!button) return;
    var source = document.querySelector(button.getAttribute("data-copy-target"));
    if (!source) return;
    var text = source.value !== undefined ? source.value : source.textContent;
    navigator.clipboard.writeText(text).then(function () {
      var label = button.textContent;
      button.textContent = "Copied";
      setTimeout(function () { button.textContent = label; }, 1500);
    });
  });
  // Filter boxes: <input data-filter="#list"> hides items whose text does not match.
  document.addEventListener("input", function (event) {
    var input = event.target.closest("[data-filter]");
    if (!input) return;
    var query = input.value.trim().toLowerCase();
    document.querySelectorAll(input.getAttribute("data-filter") + " [data-filter-text]").forEach(function (item) {
      var match = item.getAttribute("data-filter-text").toLowerCase().indexOf(query) !== -1;
      item.hidden = !match;
    });
  });
})();
