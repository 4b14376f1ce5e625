// The event page (events/detail.html): its parts that keep themselves current, and the player's
// notifications. The page works without this file (its parts then keep themselves current but
// may lose a half-typed result; a reload shows what changed).
(function () {
  "use strict";

  // Parts that ask for themselves again (data-polled, events/polling.py) are swapped whole: a
  // part being typed in is not asked for until its form is sent, and a swapped part keeps the
  // focus and the folded parts opened as they were.
  function typedIn(part) {
    var active = document.activeElement;
    if (active && part.contains(active) && active.matches("input, select, textarea")) return true;
    return Array.prototype.some.call(
      part.querySelectorAll("input:not([type=hidden]), textarea"),
      function (field) { return field.value !== field.defaultValue; }
    );
  }

  // An element's name within its part, the same in the part drawn again: its id, else what it
  // is and says (a folded part: its summary), counted among those alike.
  function keysOf(elements) {
    var seen = {};
    return Array.prototype.map.call(elements, function (el) {
      var says = (el.tagName === "DETAILS" && el.querySelector("summary")) || el;
      var name = el.id || el.tagName + ":" + (el.getAttribute("name") || "") + ":" +
        says.textContent.replace(/\s+/g, " ").trim().slice(0, 80);
      seen[name] = (seen[name] || 0) + 1;
      return name + "#" + seen[name];
    });
  }

  var FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
  var kept = null;

  // What the reader looks at: the first named element on the screen, and where; after a swap
  // the page is scrolled to hold it there (a part above that grew, a part swapped under it).
  // Shown: not inside a folded part (a closed <details> lays its content out all the same, so
  // a form folded away was taken for what the reader looked at, and the page was held by it).
  function shown(el) {
    if (el.checkVisibility) return el.checkVisibility();
    var fold = el.closest("details:not([open])");
    return !fold || !!(el.closest("summary") && fold.contains(el.closest("summary")));
  }
  function inView() {
    if (window.scrollY === 0) return null; // at the top: what comes first is what they want
    var named = document.querySelectorAll("main [id]");
    for (var i = 0; i < named.length; i++) {
      if (!shown(named[i])) continue;
      var box = named[i].getBoundingClientRect();
      if (box.height > 0 && box.top >= 0 && box.top < window.innerHeight) {
        return { id: named[i].id, top: box.top };
      }
    }
    return null;
  }
  function holdInView(seen) {
    var el = seen && document.getElementById(seen.id);
    if (el) window.scrollBy(0, el.getBoundingClientRect().top - seen.top);
  }

  document.addEventListener("htmx:confirm", function (e) {
    var part = e.detail.elt;
    if (part.hasAttribute("data-polled") && typedIn(part)) e.preventDefault();
  });

  document.addEventListener("htmx:beforeSwap", function (e) {
    var part = e.detail.target;
    if (!part.hasAttribute("data-polled")) return;
    if (typedIn(part)) { // typed in while it was asked for: it comes again once sent
      e.detail.shouldSwap = false;
      return;
    }
    var folds = part.querySelectorAll("details"), focusable = part.querySelectorAll(FOCUSABLE);
    var foldKeys = keysOf(folds), focusKeys = keysOf(focusable);
    var at = Array.prototype.indexOf.call(focusable, document.activeElement);
    kept = {
      id: part.id,
      open: foldKeys.filter(function (key, i) { return folds[i].open; }),
      focus: at >= 0 ? focusKeys[at] : null,
      notice: part.dataset.noticeKey || "",
      seen: inView()
    };
  });

  document.addEventListener("htmx:afterSwap", function () {
    if (!kept) return;
    var was = kept;
    kept = null;
    var part = document.getElementById(was.id);
    holdInView(was.seen);
    if (!part) return;
    var folds = part.querySelectorAll("details");
    keysOf(folds).forEach(function (key, i) {
      if (was.open.indexOf(key) !== -1) folds[i].open = true;
    });
    if (was.focus) {
      var focusable = part.querySelectorAll(FOCUSABLE);
      var at = keysOf(focusable).indexOf(was.focus);
      if (at !== -1) focusable[at].focus({ preventScroll: true });
    }
    if (part.id === "now") told(part, was.notice);
  });

  // Notifications: "Round 2: table 4 against eli", shown while the page is open (in a
  // background tab too) when the player's part changes to a new pairing or a result waits for
  // their confirmation, once they asked for them on this device.
  var offer = document.getElementById("now-notify");
  var ASKED = "forgebuilder-notify:" + location.pathname;

  function supported() { return "Notification" in window; }
  // The permission as the Permissions API tells it (the browser's own answer; a headless
  // browser's Notification.permission may say otherwise), else as Notification says.
  function permission() {
    var said = function () { return Notification.permission; };
    if (!navigator.permissions || !navigator.permissions.query) return Promise.resolve(said());
    return navigator.permissions.query({ name: "notifications" }).then(function (status) {
      return status.state === "prompt" ? "default" : status.state;
    }, said);
  }
  function asked() { return localStorage.getItem(ASKED) === "on"; }

  function show(title, options) {
    function plain() {
      try {
        var shown = new Notification(title, options);
        shown.onclick = function () { window.focus(); shown.close(); };
      } catch (err) { /* a phone shows them through the worker only */ }
    }
    if (!("serviceWorker" in navigator)) return plain();
    navigator.serviceWorker.getRegistration().then(function (registration) {
      if (registration) return registration.showNotification(title, options);
      plain();
    }).catch(plain);
  }

  function told(part, before) {
    var key = part.dataset.noticeKey || "";
    if (!key || key === before || !supported() || !asked()) return;
    permission().then(function (state) {
      if (state !== "granted") return;
      var heading = document.querySelector(".event-page h1");
      show(heading ? heading.textContent.trim() : document.title, {
        body: part.dataset.notice,
        tag: ASKED,
        renotify: true,
        icon: offer ? offer.dataset.icon : undefined,
        data: { url: location.pathname } // a tap opens this page (templates/offline/sw.js)
      });
    });
  }

  // Web Push (forgebuilder/events/webpush.py), where the site offers it: this device subscribes
  // too, so the phone is told with the page closed (templates/offline/sw.js shows the notice).
  // Stopping forgets the device for this event only: other events keep telling it.
  var PUSH_KEY = offer && offer.dataset.pushKey;
  var PUSHED = "forgebuilder-push:" + location.pathname; // the server keeps this device's subscription
  function pushable() { return !!PUSH_KEY && "serviceWorker" in navigator && "PushManager" in window; }
  function keyBytes(text) {
    var raw = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
  }
  function tellServer(fields) {
    var csrf = offer.querySelector("input[name=csrfmiddlewaretoken]");
    var body = new FormData();
    Object.keys(fields).forEach(function (name) { body.append(name, fields[name]); });
    return fetch(offer.dataset.pushUrl, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf ? csrf.value : "" }
    });
  }
  function pushOn() {
    if (!pushable()) return Promise.resolve();
    return navigator.serviceWorker.ready.then(function (registration) {
      return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(PUSH_KEY) });
    }).then(function (subscription) {
      var keys = subscription.toJSON().keys || {};
      return tellServer({ endpoint: subscription.endpoint, p256dh: keys.p256dh || "", auth: keys.auth || "" });
    }).then(function (answer) {
      if (answer.ok) localStorage.setItem(PUSHED, "on");
    }).catch(function () { /* no push service reached: the page still tells while open */ });
  }
  function pushOff() {
    localStorage.removeItem(PUSHED);
    if (!pushable()) return Promise.resolve();
    return navigator.serviceWorker.getRegistration().then(function (registration) {
      return registration && registration.pushManager.getSubscription();
    }).then(function (subscription) {
      if (subscription) return tellServer({ push: "off", endpoint: subscription.endpoint });
    }).catch(function () {});
  }

  function drawOffer() {
    if (!offer || !supported()) return;
    permission().then(function (state) {
      var on = offer.querySelector("[data-notify=on]"), off = offer.querySelector("[data-notify=off]");
      var said = offer.querySelector(".notify-said");
      var told = state === "granted" && asked();
      offer.hidden = false;
      on.hidden = told || state === "denied";
      off.hidden = !told;
      said.textContent = state === "denied"
        ? "Your browser blocks this site's notifications: allow them in its settings to be told when you are paired."
        : !told ? ""
        : localStorage.getItem(PUSHED) ? "This device tells you when you are paired, even with this page closed."
        : "This page tells you when you are paired or a result waits for you, while it is open.";
    });
  }

  if (offer) {
    offer.addEventListener("click", function (e) {
      var button = e.target.closest("[data-notify]");
      if (!button) return;
      if (button.dataset.notify === "off") {
        localStorage.removeItem(ASKED);
        pushOff();
        drawOffer();
        return;
      }
      Notification.requestPermission().then(function (answer) {
        if (answer !== "granted") return drawOffer();
        localStorage.setItem(ASKED, "on");
        drawOffer();
        return pushOn().then(drawOffer);
      });
    });
    drawOffer();
  }
})();
