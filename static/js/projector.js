// The hall's screen (events/projector.html): the round clock ticks here from the end time the
// server gave (corrected for this machine's clock), and long lists page through by themselves,
// pairings then standings. htmx replaces #screen when something changed; this starts again on it.
(function () {
  "use strict";
  var PAGE_MS = 12000; // unless the screen says (data-page-seconds: the organiser's setting)
  var ENDING_S = 5 * 60;
  var ticker = null, pager = null, slideAt = 0, pageAt = 0;

  // The server's clock less this machine's, in ms. The screen's data-now says when it was drawn,
  // but the proxy may hand out a screen drawn seconds ago (reader_page.py), so every answer's
  // Date header (the server's second when it answered, fresh from the proxy's cache too) bounds
  // it: between Date - (when it came) and Date + 1 s - (when it was asked). The bounds of
  // every answer narrow it to within the quickest answer's time; data-now serves until then.
  var skewLow = -Infinity, skewHigh = Infinity, drawnSkew = 0;
  function learnClock(dateHeader, askedAt, cameAt) {
    var date = Date.parse(dateHeader || "");
    if (isNaN(date) || !askedAt) return;
    var low = date - cameAt, high = date + 1000 - askedAt;
    if (low > skewHigh || high < skewLow) { skewLow = -Infinity; skewHigh = Infinity; } // moved
    skewLow = Math.max(skewLow, low);
    skewHigh = Math.min(skewHigh, high);
  }
  function skew() {
    return skewHigh < Infinity && skewLow > -Infinity ? (skewLow + skewHigh) / 2 : drawnSkew;
  }
  // when each request was sent, kept with it: two in flight each keep their own
  var askedAt = new WeakMap();
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (e.detail && e.detail.xhr) askedAt.set(e.detail.xhr, Date.now());
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    var xhr = e.detail && e.detail.xhr;
    if (xhr) learnClock(xhr.getResponseHeader("Date"), askedAt.get(xhr), Date.now());
  });
  function askTheTime() { // once at the start: the first poll may be seconds away
    var asked = Date.now();
    fetch(window.location.href, { method: "HEAD", credentials: "same-origin" }).then(function (r) {
      learnClock(r.headers.get("Date"), asked, Date.now());
    }).catch(function () { /* offline: data-now serves */ });
  }

  function shown(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var ss = (s < 10 ? "0" : "") + s;
    return h ? h + ":" + (m < 10 ? "0" : "") + m + ":" + ss : m + ":" + ss;
  }

  function startClock(screen) {
    clearInterval(ticker);
    var clock = document.getElementById("clock");
    if (!clock || clock.dataset.status !== "running") return;
    var ends = Date.parse(clock.dataset.endsAt);
    drawnSkew = Date.parse(screen.dataset.now) - Date.now();
    var time = clock.querySelector(".clock-time"), said = clock.querySelector(".clock-said");
    function tick() {
      var left = Math.max(0, Math.ceil((ends - (Date.now() + skew())) / 1000));
      time.textContent = shown(left);
      time.classList.toggle("ending", left <= ENDING_S);
      if (left === 0) {
        said.textContent = "Time: finish your turn";
        clearInterval(ticker);
      }
    }
    tick();
    ticker = setInterval(tick, 250);
  }

  function pagesOf(slide) {
    return Array.prototype.map.call(slide.querySelectorAll(".pageable"), function (list) {
      var rows = list.querySelectorAll(".row");
      rows.forEach(function (r) { r.hidden = false; });
      var height = rows.length ? rows[0].getBoundingClientRect().height : 1;
      var columns = parseInt(getComputedStyle(list).columnCount, 10) || 1; // "auto": one
      var per = Math.max(1, Math.floor(list.clientHeight / Math.max(height, 1))) * columns;
      return { rows: rows, per: per, pages: Math.max(1, Math.ceil(rows.length / per)) };
    });
  }

  function show(screen) {
    var slides = screen.querySelectorAll(".slide");
    if (!slides.length) return;
    if (slideAt >= slides.length) { slideAt = 0; pageAt = 0; }
    slides.forEach(function (s, i) { s.hidden = i !== slideAt; });
    var lists = pagesOf(slides[slideAt]);
    var pages = Math.max.apply(null, lists.map(function (l) { return l.pages; }).concat([1]));
    if (pageAt >= pages) { pageAt = 0; }
    lists.forEach(function (l) {
      l.rows.forEach(function (r, i) { r.hidden = Math.floor(i / l.per) !== pageAt; });
    });
    var label = screen.querySelector(".page-no");
    if (label) {
      var name = slides[slideAt].dataset.slide === "standings" ? "Standings" : "Pairings";
      label.textContent = pages > 1 ? name + " · page " + (pageAt + 1) + " of " + pages : "";
    }
    return pages;
  }

  // The pages turn on their own beat: a screen redrawn (a result came in) shows the page it was
  // on and keeps the beat, or a busy event's results would hold the screen on its first page.
  var pages = 1, beat = 0;
  function turn() {
    var screen = document.getElementById("screen");
    if (!screen) return;
    pageAt += 1;
    if (pageAt >= pages) {
      pageAt = 0;
      slideAt += 1;
    }
    pages = show(screen);
  }

  function startPaging(screen) {
    var every = Number(screen.dataset.pageSeconds) * 1000 || PAGE_MS;
    if (window.matchMedia("(max-width: 700px)").matches) { // a phone scrolls instead
      clearInterval(pager);
      pager = null;
      screen.querySelectorAll(".slide, .row").forEach(function (r) { r.hidden = false; });
      return;
    }
    pages = show(screen);
    if (pager === null || every !== beat) {
      clearInterval(pager);
      beat = every;
      pager = setInterval(turn, every);
    }
  }

  function start() {
    var screen = document.getElementById("screen");
    if (!screen) return;
    startClock(screen);
    startPaging(screen);
  }

  document.addEventListener("DOMContentLoaded", function () { askTheTime(); start(); });
  document.addEventListener("htmx:load", function (e) {
    if (e.target && e.target.id === "screen") start();
  });
  window.addEventListener("resize", function () {
    var screen = document.getElementById("screen");
    if (screen) startPaging(screen);
  });
})();
