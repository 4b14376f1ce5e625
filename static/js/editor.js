// The list editor's enhancements: focus that stays put after an edit, the new total read out,
// Ctrl/Cmd+Z for undo, open Edit panels kept open, the phone's two views (list, catalogue) and
// the compact list (cards folded to one line).
// Without this file every control still works as a plain form.
(function () {
  "use strict";

  var openPanels = new Set();  // ids of the units' Edit panels the player opened
  var lastFocus = null;        // what had focus when the request left

  function editor() { return document.getElementById("editor"); }

  function isTextField(el) {
    if (!el) return false;
    if (el.isContentEditable) return true;
    var tag = el.tagName;
    if (tag === "TEXTAREA" || tag === "SELECT") return true;
    if (tag !== "INPUT") return false;
    return ["checkbox", "radio", "button", "submit", "reset"].indexOf(el.type) === -1;
  }

  // --- focus ------------------------------------------------------------------------------
  function remember() {
    var active = document.activeElement;
    if (!active || active === document.body || !editor() || !editor().contains(active)) {
      lastFocus = null;
      return;
    }
    var unit = active.closest("article.unit");
    var next = unit && (unit.nextElementSibling || unit.previousElementSibling);
    lastFocus = {
      id: active.id,
      unit: unit ? unit.id : null,
      neighbour: next && next.id ? next.id : null,
      form: active.form && active.form.getAttribute("hx-post"),
    };
  }

  function focusable(el) {
    return el && el.isConnected && !el.disabled && el.getClientRects().length > 0;
  }

  function heading(articleId) {
    var article = articleId && document.getElementById(articleId);
    return article ? article.querySelector("h3[tabindex]") : null;
  }

  function restore() {
    if (!lastFocus) return;
    var active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;  // focus survived
    var target = lastFocus.id && document.getElementById(lastFocus.id);
    if (!focusable(target) && target && target.form) {
      // a stepper at its limit: the other button of the same stepper, else its count
      target = Array.prototype.find.call(target.form.querySelectorAll("button, input:not([type=hidden]), select"), focusable) || null;
    }
    if (!focusable(target)) target = heading(lastFocus.unit);
    if (!target) target = heading(lastFocus.neighbour);
    if (!target) target = document.getElementById("roster");
    if (target) target.focus({ preventScroll: false });
  }

  // --- the new total, read out ---------------------------------------------------------------
  function announce() {
    var totals = document.getElementById("totals");
    var region = document.getElementById("announce");
    if (!totals || !region) return;
    var text = totals.getAttribute("data-announce") || "";
    if (region.textContent !== text) region.textContent = text;
  }

  // --- Edit panels stay open across redraws --------------------------------------------------
  document.addEventListener("toggle", function (event) {
    var panel = event.target;
    if (!panel.classList || !panel.classList.contains("unit-edit")) return;
    if (panel.open) openPanels.add(panel.id); else openPanels.delete(panel.id);
  }, true);

  // A redrawn card comes closed, its controls not drawn: its Edit link fetches them again.
  function reopenPanels() {
    openPanels.forEach(function (id) {
      var panel = document.getElementById(id);
      if (panel && !panel.open) panel.open = true;
      if (panel) return;
      var link = document.getElementById(id.replace(/-edit$/, "-open"));
      if (!link || link.tagName !== "A" || link.hasAttribute("aria-busy") || !window.htmx) return;
      link.setAttribute("aria-busy", "true");
      // after this redraw has put the focus back (its request would remember a lost focus)
      setTimeout(function () { window.htmx.trigger(link, "reopen"); }, 0);
    });
  }

  // --- the compact list: cards folded to one line ---------------------------------------------
  // html.compact-list folds every card (early.js sets it before the page is drawn); `flipped`
  // holds the cards the player opened (in the compact list) or folded (in the full one).
  var COMPACT_KEY = "forgebuilder.compact";
  var flipped = new Set();

  function compactList() { return document.documentElement.classList.contains("compact-list"); }

  function foldCards() {
    var compact = compactList();
    document.querySelectorAll("article.unit").forEach(function (card) {
      var flip = flipped.has(card.id);
      card.classList.toggle("expanded", compact && flip);
      card.classList.toggle("collapsed", !compact && flip);
      var toggle = card.querySelector("[data-unit-toggle]");
      if (toggle) toggle.setAttribute("aria-expanded", String(compact === flip));
    });
    var all = document.getElementById("compact-switch");
    if (all) all.textContent = compact ? "Expand all" : "Collapse all";
  }

  function unfold(card) {
    if (!card) return;
    if (compactList()) flipped.add(card.id); else flipped.delete(card.id);
    foldCards();
  }

  document.addEventListener("click", function (event) {
    var toggle = event.target.closest("[data-unit-toggle]");
    if (toggle) {
      var id = toggle.getAttribute("data-unit-toggle");
      if (flipped.has(id)) flipped.delete(id); else flipped.add(id);
      foldCards();
      return;
    }
    if (event.target.closest("#compact-switch")) {
      var compact = !compactList();
      document.documentElement.classList.toggle("compact-list", compact);
      try { window.localStorage.setItem(COMPACT_KEY, compact ? "1" : "0"); } catch (e) { /* private mode */ }
      flipped.clear();
      foldCards();
    }
  });

  // --- catalogue categories: folded ones stay folded across redraws; a jump link opens one ----
  var foldedCategories = new Set();
  document.addEventListener("toggle", function (event) {
    var fold = event.target;
    if (!fold.classList || !fold.classList.contains("catalogue-fold")) return;
    var id = fold.closest("[data-filter-group]").id;
    if (fold.open) foldedCategories.delete(id); else foldedCategories.add(id);
  }, true);
  function refoldCategories() {
    foldedCategories.forEach(function (id) {
      var fold = document.querySelector("#" + id + " > details.catalogue-fold");
      if (fold && fold.open) fold.open = false;
    });
  }
  document.addEventListener("click", function (event) {
    var jump = event.target.closest("[data-open-category]");
    if (!jump) return;
    var fold = document.querySelector(jump.getAttribute("href") + " > details.catalogue-fold");
    if (fold) fold.open = true;
  });

  // --- the legend picker shows the text of the legend picked ----------------------------------
  function showLegendText() {
    var pick = document.getElementById("legend-pick");
    if (!pick) return;
    document.querySelectorAll(".legend-text[data-legend]").forEach(function (text) {
      text.hidden = text.getAttribute("data-legend") !== pick.value;
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target.id === "legend-pick") showLegendText();
  });

  // --- the catalogue search hides categories without a match ---------------------------------
  function refilter() {
    var input = document.getElementById("catalogue-filter");
    if (!input) return;
    var list = document.getElementById("catalogue-list");
    if (!list) return;
    var query = input.value.trim().toLowerCase();
    var shown = 0;
    list.querySelectorAll("[data-filter-group]").forEach(function (group) {
      var any = false;
      group.querySelectorAll("[data-filter-text]").forEach(function (item) {
        var match = item.getAttribute("data-filter-text").toLowerCase().indexOf(query) !== -1;
        item.hidden = !match;
        any = any || match;
      });
      group.hidden = !any;
      var fold = group.querySelector("details.catalogue-fold");
      if (fold && any && query && !fold.open) fold.open = true;  // a match is never folded away
      if (any) shown += 1;
    });
    var empty = list.querySelector(".filter-empty");
    if (empty) empty.hidden = shown > 0 || !list.querySelector("[data-filter-group]");
  }
  document.addEventListener("input", function (event) {
    if (event.target.id === "catalogue-filter") refilter();
  });

  // --- the phone's two views -----------------------------------------------------------------
  var phone = window.matchMedia("(max-width: 767.98px)");

  function showView(view, scrollTarget) {
    var root = editor();
    if (!root) return;
    root.setAttribute("data-view", view);
    document.querySelectorAll("[data-view-tab]").forEach(function (tab) {
      if (tab.getAttribute("data-view-tab") === view) tab.setAttribute("aria-current", "page");
      else tab.removeAttribute("aria-current");
    });
    if (scrollTarget) scrollTarget.scrollIntoView({ block: "start" });
  }

  document.addEventListener("click", function (event) {
    var tab = event.target.closest("[data-view-tab]");
    if (tab && phone.matches) {
      event.preventDefault();
      var view = tab.getAttribute("data-view-tab");
      showView(view, view === "catalogue" ? document.getElementById("catalogue") : null);
      if (view === "list") window.scrollTo(0, 0);
      return;
    }
    var link = event.target.closest("[data-show-unit], [data-show-force], [data-show-problems], [data-show-setting]");
    if (!link) return;
    var target = document.getElementById(link.getAttribute("href").slice(1));
    if (!target) return;
    event.preventDefault();
    if (phone.matches) showView("list", null);
    if (target.matches("article.unit")) unfold(target);
    // a setting's control: its folded panel opened, the control itself focused
    var panel = link.hasAttribute("data-show-setting") && target.closest("details");
    if (panel) panel.open = true;
    target.scrollIntoView({ block: "start" });
    var focusTarget = panel ? target : target.querySelector("h3[tabindex], h2") || target;
    if (!focusTarget.hasAttribute("tabindex")) focusTarget.setAttribute("tabindex", "-1");
    focusTarget.focus({ preventScroll: true });
    if (link.hasAttribute("data-show-unit")) hideToast();
  });

  // --- a datasheet's preview: a modal dialog (it keeps the focus, Escape closes it) -------------
  var previewOpener = null;

  document.addEventListener("click", function (event) {
    var dialog = document.getElementById("sheet-preview");
    if (!dialog || typeof dialog.showModal !== "function" || !window.htmx) return;
    if (event.target === dialog || event.target.closest("[data-close-preview]")) {
      dialog.close();  // the Close button, or a tap on the backdrop around the sheet
      return;
    }
    var summary = event.target.closest(".preview-toggle > summary");
    if (!summary) return;
    event.preventDefault();  // the row stays folded: the preview opens in the dialog instead
    var toggle = summary.parentElement;
    var body = dialog.querySelector(".sheet-preview-body");
    dialog.querySelector("#sheet-preview-title").textContent = summary.querySelector(".sheet-name").textContent;
    body.innerHTML = toggle.querySelector(".preview").innerHTML;  // its link, until the card comes
    previewOpener = summary;
    dialog.showModal();
    window.htmx.ajax("GET", toggle.getAttribute("hx-get"), { target: body, swap: "innerHTML" });
  });

  document.addEventListener("close", function (event) {
    if (event.target.id !== "sheet-preview") return;
    if (previewOpener && previewOpener.isConnected) previewOpener.focus();
    previewOpener = null;
  }, true);

  // --- the confirmation after an add ---------------------------------------------------------
  var toastTimer = null;
  function hideToast() {
    var toast = document.getElementById("toast");
    if (toast) toast.innerHTML = "";
  }
  function showToast() {
    var toast = document.getElementById("toast");
    if (!toast || !toast.firstElementChild) return;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(hideToast, 6000);
  }

  // --- Ctrl/Cmd+Z ------------------------------------------------------------------------------
  document.addEventListener("keydown", function (event) {
    if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
    if (event.key !== "z" && event.key !== "Z") return;
    if (isTextField(event.target)) return;  // the field's own undo
    var form = document.getElementById("undo");
    var button = form && form.querySelector("button[type=submit]");
    if (!button || button.disabled) return;
    event.preventDefault();
    lastFocus = null;
    form.requestSubmit(button);
  });

  // Every edit also tells the server which force the catalogue is adding to.
  document.addEventListener("htmx:configRequest", function (event) {
    var addingTo = document.getElementById("adding-to");
    if (addingTo && event.detail.verb === "post") event.detail.parameters.adding_to = addingTo.value;
  });
  document.addEventListener("htmx:beforeRequest", remember);
  document.addEventListener("htmx:afterSettle", function () {
    foldCards();
    refoldCategories();
    showLegendText();
    reopenPanels();
    refilter();
    restore();
    announce();
    showToast();
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("details.unit-edit[open]").forEach(function (panel) { openPanels.add(panel.id); });
    if (editor()) showView(location.hash === "#catalogue" ? "catalogue" : "list", null);
    showLegendText();
    var linked = location.hash && document.getElementById(location.hash.slice(1));
    if (linked && linked.matches("article.unit") && compactList()) flipped.add(linked.id);  // ?edit=u3#unit-u3
    foldCards();
  });
})();
