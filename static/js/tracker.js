/* The game tracker's changes in the browser: the same rules as forgebuilder/play/tracker.py
 * (one table of examples, tests/play/vectors.json, runs through both), so a tap answers at
 * once, offline too. Pure functions: a state in, a change or a new state out. What is counted
 * changes by increments (`adds`), so taps on two phones all count; what is set (`sets`) keeps
 * the later set, and `apply` names what it dropped. */
"use strict";

(function (root) {
  const MAX_ROUND = 99;
  const MAX_COUNT = 999;
  const UNDO_DEPTH = 30;

  class ChangeError extends Error {}

  function copy(value) { return JSON.parse(JSON.stringify(value)); }

  function unitKeys(sheet, unit) {
    const keys = ["lost"];
    if (unit.wounds) keys.push("wounds");
    return keys.concat(sheet.statuses.map((s) => s.key));
  }

  function initialState(sheet) {
    const values = { round: 1 };
    sheet.counters.forEach((c) => { values[c.key] = c.start || 0; });
    sheet.pools.forEach((p) => {
      values[p.key + ".spent"] = 0;
      if (p.gain) values[p.key + ".gained"] = 0;
    });
    sheet.units.forEach((u) => unitKeys(sheet, u).forEach((k) => { values["u." + u.id + "." + k] = 0; }));
    return { values: values, stamps: {}, undo: [] };
  }

  // What a pool holds in a round (`gained`: what abilities added this round).
  function poolSize(pool, round, gained) {
    gained = gained || 0;
    if (round <= 1 || pool.each === null || pool.each === undefined) return Math.max(pool.first, 0) + gained;
    return Math.max(pool.each, 0) + gained;
  }

  function poolLeft(pool, values) {
    return poolSize(pool, values.round, values[pool.key + ".gained"]) - values[pool.key + ".spent"];
  }

  function gameOver(state, sheet) {
    return Boolean(sheet.last_round) && state.values.round >= sheet.last_round;
  }

  function limits(sheet) {
    const found = { round: ["Round", MAX_ROUND] };
    sheet.counters.forEach((c) => { found[c.key] = [c.label, c.max === undefined ? MAX_COUNT : c.max]; });
    sheet.pools.forEach((p) => {
      found[p.key + ".spent"] = [p.label + " spent", MAX_COUNT];
      if (p.gain) found[p.key + ".gained"] = [p.label + " from abilities", p.gain];
    });
    sheet.units.forEach((u) => {
      const name = u.name + " (" + u.number + ")";
      found["u." + u.id + ".lost"] = [name + ": models lost", u.models];
      if (u.wounds) found["u." + u.id + ".wounds"] = [name + ": " + (u.wounds_label || "Wounds").toLowerCase(), u.wounds];
      sheet.statuses.forEach((s) => {
        found["u." + u.id + "." + s.key] = [name + ": " + s.label, s.kind === "flag" ? 1 : MAX_COUNT];
      });
    });
    return found;
  }

  // The values at `paths` and every pool, once a change is applied (`values`: all of them;
  // `known`: the sheet's limits, if at hand).
  function check(sheet, values, paths, known) {
    known = known || limits(sheet);
    Object.keys(paths).forEach((path) => {
      if (!(path in known)) throw new ChangeError("This game tracks no counter called '" + path + "'.");
      const [label, most] = known[path];
      const value = values[path];
      if (!Number.isInteger(value)) throw new ChangeError(label + " must be a whole number, not " + value + ".");
      const least = path === "round" ? 1 : 0;
      if (value < least) throw new ChangeError(label + " cannot go below " + least + ".");
      if (value > most) throw new ChangeError(label + " cannot go above " + most + ".");
    });
    sheet.pools.forEach((pool) => {
      const size = poolSize(pool, values.round, values[pool.key + ".gained"]);
      const spent = values[pool.key + ".spent"];
      if (spent > size) {
        throw new ChangeError(pool.label + ": round " + values.round + " has " + size + "; you cannot spend " + spent + ".");
      }
    });
  }

  function makeChange(state, sets, label, at, id) {
    const old = {};
    Object.keys(sets).forEach((path) => { old[path] = path in state.values ? state.values[path] : null; });
    return { id: id, at: at, label: label, sets: Object.assign({}, sets), old: old };
  }

  // A change that counts: each path goes up (or down) by its figure when it is applied.
  function makeIncrement(adds, label, at, id, round) {
    const change = { id: id, at: at, label: label, sets: {}, adds: Object.assign({}, adds) };
    if (round !== undefined) change.round = round;
    return change;
  }

  // A change of one counter to `value`, checked before it is offered.
  function setOne(state, sheet, path, value, how, at, id) {
    const sets = {}; sets[path] = value;
    const known = limits(sheet);
    const label = path in known ? known[path][0] : path;
    const change = makeChange(state, sets, label + " " + how, at, id);
    check(sheet, Object.assign({}, state.values, sets), sets, known);
    return change;
  }

  function add(state, sheet, path, by, at, id) {
    const known = limits(sheet);
    const label = (path in known ? known[path][0] : path) + " " + (by > 0 ? "+" : "−") + Math.abs(by);
    const adds = {}; adds[path] = by;
    const change = makeIncrement(adds, label, at, id);
    const values = Object.assign({}, state.values); values[path] = (state.values[path] || 0) + by;
    check(sheet, values, adds, known);
    return change;
  }

  function toggle(state, sheet, path, at, id) {
    const value = state.values[path] ? 0 : 1;
    return setOne(state, sheet, path, value, value ? "on" : "off", at, id);
  }

  function spend(state, sheet, poolKey, cost, what, at, id) {
    const pool = sheet.pools.find((p) => p.key === poolKey);
    const path = poolKey + ".spent";
    const left = poolLeft(pool, state.values);
    if (cost > left) {
      throw new ChangeError(what + " costs " + cost + " " + pool.short + "; round " + state.values.round + " has " + left + " left.");
    }
    const adds = {}; adds[path] = cost;
    return makeIncrement(adds, what + ": " + cost + " " + pool.short, at, id, state.values.round);
  }

  // A point an ability adds to this round's pool: at most the pool's `gain` a round.
  function gain(state, sheet, poolKey, at, id) {
    const pool = sheet.pools.find((p) => p.key === poolKey && p.gain);
    const values = state.values;
    const path = poolKey + ".gained";
    if ((values[path] || 0) >= pool.gain) {
      throw new ChangeError("Abilities add at most " + pool.gain + " " + pool.short + " a round: round " + values.round + " has had it.");
    }
    const adds = {}; adds[path] = 1;
    return makeIncrement(adds, pool.label + ": +1 from an ability", at, id, values.round);
  }

  function nextRound(state, sheet, at, id) {
    const values = state.values;
    if (gameOver(state, sheet)) throw new ChangeError("The game ends after round " + sheet.last_round + ": enter the result below.");
    if (values.round >= MAX_ROUND) throw new ChangeError("A game tracks at most " + MAX_ROUND + " rounds.");
    const sets = { round: values.round + 1 };
    sheet.pools.forEach((p) => {
      if (p.each !== null && p.each !== undefined) sets[p.key + ".spent"] = 0;
      if (p.gain && values[p.key + ".gained"]) sets[p.key + ".gained"] = 0;
    });
    sheet.units.forEach((u) => sheet.statuses.forEach((s) => {
      const path = "u." + u.id + "." + s.key;
      if (s.clears && values[path]) sets[path] = 0;
    }));
    return makeChange(state, sets, "Round " + (values.round + 1), at, id);
  }

  function undo(state, at, id) {
    if (!state.undo.length) throw new ChangeError("There is nothing to undo.");
    const last = state.undo[state.undo.length - 1];
    const label = "Undo: " + last.label;
    let change;
    if (last.adds) { // a count taken back: by the same figure, whatever it is now
      const adds = {};
      Object.keys(last.adds).forEach((path) => { adds[path] = -last.adds[path]; });
      change = makeIncrement(adds, label, at, id, last.round);
    } else {
      change = makeChange(state, last.old, label, at, id);
    }
    change.undoes = last.id;
    return change;
  }

  // What another device set later: the change's label, with the counters dropped when only
  // some of its values were.
  function droppedOf(sheet, change, kept) {
    const lost = Object.keys(change.sets).filter((path) => !(path in kept));
    if (!lost.length) return [];
    if (!Object.keys(kept).length && !Object.keys(change.adds || {}).length) return [change.label];
    const known = limits(sheet);
    return [change.label + " (" + lost.map((p) => (p in known ? known[p][0] : p)).join(", ") + ")"];
  }

  function apply(state, sheet, change) {
    const next = copy(state);
    const values = next.values;
    const stamps = next.stamps;
    const label = change.label || "A change";
    if (!Number.isInteger(change.at) || change.at < 0) throw new ChangeError(label + ": its time is not a number.");
    const adds = change.adds || {};
    if ("round" in change && change.round !== values.round) {
      if (change.undoes) next.undo = next.undo.filter((e) => e.id !== change.undoes); // can no longer be undone
      return { state: next, dropped: [label + " (round " + change.round + " is over)"] };
    }
    const kept = {};
    Object.keys(change.sets).forEach((path) => {
      if ((stamps[path] || 0) <= change.at) kept[path] = change.sets[path];
    });
    const counted = {};
    Object.keys(adds).forEach((path) => {
      if (!Number.isInteger(adds[path])) throw new ChangeError(label + ": it must count by a whole number, not " + adds[path] + ".");
      counted[path] = (values[path] || 0) + adds[path];
    });
    check(sheet, Object.assign({}, values, kept, counted), Object.assign({}, kept, counted));
    const old = {}; // what the change replaced (a page cached before increments undoes a count by it)
    Object.keys(kept).concat(Object.keys(counted)).forEach((path) => { old[path] = path in values ? values[path] : null; });
    Object.keys(kept).forEach((path) => { values[path] = kept[path]; stamps[path] = change.at; });
    Object.assign(values, counted);
    const dropped = droppedOf(sheet, change, kept);
    if (change.undoes) {
      next.undo = next.undo.filter((e) => e.id !== change.undoes);
    } else if (Object.keys(kept).length || Object.keys(counted).length) {
      const entry = { id: change.id, label: label, old: old };
      if (Object.keys(adds).length) entry.adds = Object.assign({}, adds);
      if ("round" in change) entry.round = change.round;
      next.undo.push(entry);
      next.undo = next.undo.slice(-UNDO_DEPTH);
    }
    return { state: next, dropped: dropped };
  }

  function destroyed(state, unit) {
    const v = state.values;
    if ((v["u." + unit.id + ".lost"] || 0) >= unit.models) return true;
    return Boolean(unit.wounds) && (v["u." + unit.id + ".wounds"] || 0) >= unit.wounds;
  }

  root.Tracker = {
    ChangeError, initialState, poolSize, poolLeft, gameOver, add, toggle, spend, gain, nextRound,
    undo, apply, destroyed,
  };
})(typeof window !== "undefined" ? window : globalThis);
