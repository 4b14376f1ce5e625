/* The tracker page: each tap is applied at once on the phone (static/js/tracker.js), kept
 * with the changes not yet saved in this device's storage, and sent to the server when there
 * is a connection. Without this script every control is a plain form that the server applies. */
"use strict";

(function () {
  const dataNode = document.getElementById("tracker-data");
  if (!dataNode || !window.Tracker) return;
  const T = window.Tracker;
  const data = JSON.parse(dataNode.textContent);
  const sheet = data.sheet;
  const storeKey = "fb-play:" + data.game;
  const syncUrl = location.pathname + "sync/";
  const stateUrl = location.pathname + "state/";
  const csrf = (document.querySelector("input[name=csrfmiddlewaretoken]") || {}).value || "";
  const notice = document.getElementById("play-notice");
  const status = document.getElementById("sync-status");
  const SAVE_WAIT_MS = 8000; // a save with no answer by then has failed (a hall's Wi-Fi, no server)
  const RETRY_MS = 5000;
  const CLOCK_MARGIN_MS = 2 * 60 * 1000; // a clock off by more is put right and the player told
  const BATCH = 50; // changes a save sends at most (the server takes 200 and 256 KB)
  const BATCH_BYTES = 128 * 1024;
  const clockNote = document.getElementById("clock-note");
  let sending = null;
  let unreachable = false; // the last save failed: the changes wait on this phone
  let keptAway = false; // changes were kept on this phone while it could not save them
  let retry = null;

  // What this device holds: the server's last state, and the changes it has not saved yet.
  function load() {
    try {
      const kept = JSON.parse(localStorage.getItem(storeKey) || "null");
      if (kept && kept.version >= data.version) return kept;
      if (kept && kept.queue && kept.queue.length) return { server: data.state, version: data.version, queue: kept.queue, offset: kept.offset };
    } catch (error) { /* a damaged entry: start from the server's */ }
    return { server: data.state, version: data.version, queue: [] };
  }
  let held = load();
  let batchMax = BATCH;
  let pausedUntil = 0; // the server asked for no saves before then (Retry-After)
  let shown = null; // the state on screen: worked out again only when the server answers

  function save() {
    try { localStorage.setItem(storeKey, JSON.stringify(held)); } catch (error) { /* full: keep in memory */ }
  }

  // The state shown: the server's, with the changes still to send applied on top.
  function current() {
    if (shown) return shown;
    let state = held.server;
    held.queue.forEach((change) => {
      try { state = T.apply(state, sheet, change).state; } catch (error) { /* refused: the server will say */ }
    });
    shown = state;
    return state;
  }

  function say(message) {
    notice.textContent = message;
    notice.hidden = !message;
  }

  function render(state) {
    const values = state.values;
    document.querySelectorAll("[data-value]").forEach((node) => { node.textContent = values[node.dataset.value]; });
    document.querySelectorAll("[data-flag]").forEach((node) => {
      node.setAttribute("aria-pressed", values[node.dataset.flag] ? "true" : "false");
    });
    document.querySelectorAll("[data-round]").forEach((node) => { node.textContent = values.round; });
    sheet.pools.forEach((pool) => {
      const size = T.poolSize(pool, values.round, values[pool.key + ".gained"]);
      document.querySelectorAll('[data-pool-left="' + pool.key + '"]').forEach((n) => { n.textContent = size - values[pool.key + ".spent"]; });
      document.querySelectorAll('[data-pool-size="' + pool.key + '"]').forEach((n) => { n.textContent = size; });
      document.querySelectorAll('[data-gained="' + pool.key + '"]').forEach((n) => { n.disabled = (values[pool.key + ".gained"] || 0) >= pool.gain; });
    });
    const over = T.gameOver(state, sheet);
    const next = document.getElementById("next-round");
    const result = document.getElementById("to-result");
    if (next) next.hidden = over;
    if (result) result.hidden = !over;
    sheet.units.forEach((unit) => {
      const card = document.querySelector('[data-unit="' + unit.id + '"]');
      if (!card) return;
      const gone = T.destroyed(state, unit);
      card.classList.toggle("destroyed", gone);
      card.querySelector(".destroyed-note").hidden = !gone;
    });
    const last = state.undo[state.undo.length - 1];
    const undo = document.getElementById("undo");
    undo.disabled = !last;
    undo.title = last ? "Undo: " + last.label : "Nothing to undo";
    document.getElementById("undo-label").textContent = last ? "Last: " + last.label : "";
    document.title = document.title.replace(/round \d+/, "round " + values.round);
  }

  function showStatus() {
    const waiting = held.queue.length;
    const kept = waiting + " change" + (waiting > 1 ? "s" : "") + " kept on this phone";
    if (!waiting) status.textContent = "Saved";
    else if (unreachable) status.textContent = "Can't reach the server: " + kept;
    else if (!navigator.onLine) status.textContent = "Offline: " + kept;
    else status.textContent = "Saving " + waiting + "…";
  }

  // The server answered: the page the service worker kept while offline is current again.
  function backOnline() {
    const banner = document.getElementById("offline-banner");
    if (banner) { banner.hidden = true; banner.replaceChildren(); }
  }

  function later(ms) {
    if (retry) return;
    retry = setTimeout(() => { retry = null; flush(); }, ms);
  }

  // A reminder for the moment the tracker reaches: a new round, an activation, losses.
  function remind(button, change) {
    document.querySelectorAll(".now").forEach((n) => n.classList.remove("now"));
    const unit = button.closest("[data-unit]");
    if (button.dataset.intent === "next_round") {
      const box = document.getElementById("round-reminders");
      if (!box.hidden) box.classList.add("now");
      return;
    }
    if (!unit) return;
    const path = button.dataset.path || "";
    const value = change.sets[path];
    let phase = "";
    if (/\.activated$/.test(path) && value) phase = "activation";
    if (/\.(lost|wounds)$/.test(path) && Number(button.dataset.by) > 0) phase = "morale";
    const note = phase && unit.querySelector('.reminder[data-phase="' + phase + '"]');
    if (note) note.classList.add("now");
  }

  // The server's clock as this phone reckons it: the phone's, put right by what the server's
  // answers showed (a phone whose clock is minutes off would otherwise lose or override sets).
  function now() { return Date.now() + (held.offset || 0); }

  // The server said what time it is: a clock off by more than the margin is put right, the
  // changes kept with the old reckoning moved with it, and the player told.
  function learnClock(serverNow) {
    if (!Number.isInteger(serverNow)) return;
    const off = serverNow - Date.now();
    const offset = Math.abs(off) > CLOCK_MARGIN_MS ? off : 0;
    const moved = offset - (held.offset || 0);
    if (moved) held.queue.forEach((change) => { if (Number.isInteger(change.at)) change.at += moved; });
    held.offset = offset;
    showClock();
  }

  function showClock() {
    if (!clockNote) return; // a page kept from before the note existed
    const minutes = Math.round(-(held.offset || 0) / 60000);
    clockNote.hidden = !minutes;
    clockNote.textContent = minutes ? "This phone's clock is " + Math.abs(minutes) + " minute" + (Math.abs(minutes) > 1 ? "s" : "") +
      (minutes > 0 ? " ahead" : " behind") + ": the tracker uses the server's time." : "";
  }

  function changeFor(button, state) {
    const at = now();
    const id = data.game.slice(0, 6) + "-" + at.toString(36) + "-" + Math.random().toString(36).slice(2, 8);
    const d = button.dataset;
    if (d.intent === "add") return T.add(state, sheet, d.path, Number(d.by), at, id);
    if (d.intent === "toggle") return T.toggle(state, sheet, d.path, at, id);
    if (d.intent === "spend") return T.spend(state, sheet, d.pool, Number(d.cost), d.what, at, id);
    if (d.intent === "gain") return T.gain(state, sheet, d.pool, at, id);
    if (d.intent === "next_round") return T.nextRound(state, sheet, at, id);
    if (d.intent === "undo") return T.undo(state, at, id);
    throw new T.ChangeError("That control is not part of this game.");
  }

  // Every tap is a button of the page's one tap form: the script makes and keeps the change.
  document.getElementById("taps").addEventListener("submit", (event) => {
    const button = event.submitter;
    if (!button || !button.dataset.intent) return;
    event.preventDefault();
    if (data.finished) { say("This game is finished: its counters stay as they ended."); return; }
    const state = current();
    let change, next;
    try {
      change = changeFor(button, state);
      next = T.apply(state, sheet, change).state;
    } catch (error) {
      if (!(error instanceof T.ChangeError)) throw error;
      say(error.message);
      return;
    }
    say("");
    held.queue.push(change);
    shown = next;
    save();
    render(shown);
    remind(button, change);
    showStatus();
    flush();
  });

  // The changes still on this phone, sent in one batch; a save that fails or gets no answer in
  // time (whatever the browser thinks of its connection) keeps them here and tries again later.
  // A batch sent again after a lost answer is applied once: each change has its own id.
  async function flush() {
    if (sending || !held.queue.length) { showStatus(); return; }
    if (Date.now() < pausedUntil) { later(pausedUntil - Date.now()); return; }
    if (!navigator.onLine) { keptAway = true; showStatus(); later(RETRY_MS); return; }
    const batch = nextBatch();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SAVE_WAIT_MS);
    let response = null, answer = null;
    sending = true;
    try {
      response = await fetch(syncUrl, {
        method: "POST", credentials: "same-origin", signal: controller.signal,
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
        body: JSON.stringify({ changes: batch, sent: now() }),
      });
      answer = await response.json();
    } catch (error) {
      answer = null; // no answer, too late, or not the server's (a hall's log-in page)
    } finally {
      clearTimeout(timer);
      sending = null;
    }
    if (!answer) {
      unreachable = keptAway = true;
      showStatus();
      later(RETRY_MS);
      return;
    }
    unreachable = false;
    backOnline();
    if (!response.ok) { refusedWhole(response, batch, answer); return; }
    learnClock(answer.now);
    saved(batch, answer);
    if (held.queue.length) later(0);
  }

  // The oldest changes kept, as many as one save takes.
  function nextBatch() {
    const batch = [];
    let bytes = 0;
    for (const change of held.queue) {
      bytes += JSON.stringify(change).length;
      if (batch.length && (batch.length >= batchMax || bytes > BATCH_BYTES)) break;
      batch.push(change);
    }
    return batch;
  }

  // A save refused whole: a change the server cannot read is dropped and named (sending it
  // again would be refused for ever), the others go on; too many saves wait as long as told.
  function refusedWhole(response, batch, answer) {
    const error = answer.error || "The changes could not be saved.";
    if (response.status === 429) {
      const wait = Number(response.headers.get("Retry-After")) || RETRY_MS / 1000;
      pausedUntil = Date.now() + wait * 1000;
      say(error);
      status.textContent = "Saving paused for " + wait + " s: " + held.queue.length + " kept on this phone";
      later(wait * 1000);
      return;
    }
    let place = Number.isInteger(answer.refused_change) ? answer.refused_change : -1;
    if (response.status === 413 && batch.length > 1) { batchMax = Math.max(1, Math.floor(batch.length / 2)); later(0); return; }
    if (response.status === 413) place = 0;
    if (place < 0 || place >= batch.length) { say(error); showStatus(); return; }
    const change = held.queue[place];
    held.queue.splice(place, 1);
    shown = null;
    save();
    const label = change && typeof change.label === "string" ? change.label : "a change";
    say("Not saved: " + label + " (" + error.replace(/^Not saved: /, "").replace(/\.$/, "") + ").");
    render(current());
    showStatus();
    if (held.queue.length) later(0);
  }

  function saved(batch, answer) {
    held = { server: answer.state, version: answer.version, queue: held.queue.slice(batch.length), offset: held.offset };
    batchMax = BATCH;
    shown = null;
    save();
    const notSaved = answer.refused || [];
    if (notSaved.length) say("Not saved: " + notSaved.join(" "));
    else if (keptAway) {
      say(batch.length > 1 ? "Back online: all " + batch.length + " changes kept on this phone are saved."
        : "Back online: the change kept on this phone is saved.");
    }
    keptAway = false;
    render(current());
    showStatus();
  }

  // The opponent's counters (read only), and this game's state from the player's other devices.
  async function refresh() {
    if (!navigator.onLine || document.hidden || held.queue.length) return;
    try {
      const response = await fetch(stateUrl, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const answer = await response.json();
      backOnline();
      learnClock(answer.now);
      if (answer.version > held.version && !held.queue.length) {
        held = { server: answer.state, version: answer.version, queue: [], offset: held.offset };
        shown = null;
        save();
        render(current());
      }
      if (answer.opponent) drawOpponent(answer.opponent);
    } catch (error) { /* offline: try again later */ }
  }

  function drawOpponent(opponent) {
    const box = document.getElementById("opponent-counters");
    const head = document.createElement("p");
    const who = document.createElement("strong");
    who.textContent = opponent.player;
    head.append(who, " plays " + opponent.list + " · round " + opponent.round + (opponent.finished ? " · finished" : ""));
    head.append(" · ", asOf(opponent.as_of));
    const list = document.createElement("dl");
    list.className = "totals";
    const rows = opponent.counters.map((c) => [c.label, c.value])
      .concat(opponent.pools.map((p) => [p.label + " spent", p.spent]))
      .concat([["Units destroyed", opponent.destroyed + " of " + opponent.units]]);
    rows.forEach(([label, value]) => {
      const row = document.createElement("div");
      row.className = "total";
      const dt = document.createElement("dt"); dt.textContent = label;
      const dd = document.createElement("dd"); dd.textContent = value;
      row.append(dt, dd);
      list.append(row);
    });
    box.replaceChildren(head, list);
    const vp = document.querySelector("input[name=opponent_vp]");
    if (vp && !vp.dataset.touched) vp.value = opponent.vp;
  }

  // When the opponent's numbers were read: they may be older than the game on their phone.
  function asOf(iso) {
    const time = document.createElement("time");
    time.className = "as-of";
    time.dateTime = iso;
    const when = new Date(iso);
    time.textContent = "as of " + when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    return time;
  }

  document.addEventListener("input", (event) => {
    if (event.target.name === "opponent_vp") event.target.dataset.touched = "1";
  });
  window.addEventListener("online", () => { clearTimeout(retry); retry = null; flush(); refresh(); });
  window.addEventListener("offline", showStatus);
  document.addEventListener("visibilitychange", refresh);
  setInterval(refresh, Number(document.body.dataset.pollMs || 10000));
  render(current());
  showClock();
  flush();
  showStatus();
})();
