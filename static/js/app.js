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
  // A share link made a moment ago (<input data-warm>): its page is asked for once without
  // cookies, as its readers will ask, so the proxy in front holds it before the link is posted
  // anywhere (models.ShareLink.WARM_SECONDS). Nothing is shown; a failure changes nothing.
  document.querySelectorAll("input[data-warm]").forEach(function (input) {
    fetch(input.value, { credentials: "omit", headers: { "X-Fb-Warm": "1" } }).catch(function () {});
  });
  // Print buttons: <button data-print> (no inline handler: the Content-Security-Policy forbids them).
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) window.print();
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
(function () {
  "use strict";
  // Every edit of a list carries the version of the list it was made on; htmx swaps keep
  // #list-version current, so send that rather than the (older) value a form was drawn with.
  document.addEventListener("htmx:configRequest", function (event) {
    var current = document.getElementById("list-version");
    if (!current) return;
    var data = event.detail.formData;
    if (data && data.has("version")) {
      data.set("version", current.value);
    } else if (event.detail.parameters.version !== undefined) {
      event.detail.parameters.version = current.value;
    }
  });
  // A failed request (server error, network) says so instead of failing silently.
  document.addEventListener("htmx:responseError", function (event) {
    var flash = document.getElementById("flash");
    if (flash) {
      flash.innerHTML = '<div class="messages"><p class="flash error" role="alert">Something went wrong (' +
        event.detail.xhr.status + '). Your list is safe; reload the page to continue.</p></div>';
    }
  });
  document.addEventListener("htmx:sendError", function () {
    var flash = document.getElementById("flash");
    if (flash) {
      flash.innerHTML = '<div class="messages"><p class="flash error" role="alert">No connection: the change was not saved. Try again.</p></div>';
    }
  });
  // Show which element is busy: not a part only asking whether it changed (data-polled,
  // events/polling.py), which nobody waits for (dimmed, it flickered at each question).
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (!e.detail.elt.hasAttribute("data-polled")) e.detail.elt.setAttribute("aria-busy", "true");
  });
  document.addEventListener("htmx:afterRequest", function (e) { e.detail.elt.removeAttribute("aria-busy"); });
})();
(function () {
  "use strict";
  // The name of a box that scrolls: what its table holds and whose it is ("Pike-and-Shot: Weapon
  // table, scrolls sideways"), numbered where two would still share one: a page with many cards
  // must not have many regions of one name.
  function regionName(box, used) {
    var table = box.querySelector("table");
    var caption = table && table.caption ? table.caption.textContent : "";
    var first = table && table.querySelector("thead th");
    var what = (caption || (first ? first.textContent : "") || "Table").trim();
    var holder = box.parentElement && box.parentElement.closest("article, section, details, .card");
    var heading = holder && holder.querySelector("h1, h2, h3, h4, summary");
    var whose = heading ? heading.textContent.replace(/\s+/g, " ").trim() + ": " : "";
    var name = whose + what + (caption ? "" : " table") + ", scrolls sideways";
    used[name] = (used[name] || 0) + 1;
    return used[name] > 1 ? name + " (" + used[name] + ")" : name;
  }

  // Wide tables scroll inside their own box: mark the ones that do, so a hint says so.
  function markWideTables() {
    var used = {};
    document.querySelectorAll(".table-wrap").forEach(function (box) {
      var wide = box.scrollWidth > box.clientWidth + 1;
      box.classList.toggle("overflowing", wide);
      // a box that scrolls can be reached and scrolled with the keyboard
      if (wide) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", regionName(box, used));
      } else if (box.hasAttribute("tabindex")) {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
  }
  document.addEventListener("DOMContentLoaded", markWideTables);
  document.addEventListener("htmx:afterSettle", markWideTables);
  document.addEventListener("toggle", markWideTables, true);
  window.addEventListener("resize", markWideTables);
})();
