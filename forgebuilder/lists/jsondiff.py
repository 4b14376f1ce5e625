"""The change between two JSON values, small enough to keep fifty of per list.

`diff(a, b)` is a patch that `apply(a, patch)` turns back into `b`. An undo step keeps the patch
from the list as it is after an edit to the list as it was before, instead of a whole copy of
the document: an edit changes one unit or one setting, so the patch holds that and nothing else.

A patch is one of:
- `["=", value]`: the whole value is `value`;
- `{"k": {key: patch}, "x": [key, ...]}`: an object, each changed key patched, the keys in "x"
  removed ("k" and "x" each only where needed);
- `{"l": [[start, end, [patch or ["=", value], ...]], ...]}`: an array, each run of items from
  `start` to `end` (of the old array, in order) replaced by the items given, each a patch of the
  item it replaces or a whole new item.

Plain Python over plain JSON data: no Django, nothing stored here.
"""

from __future__ import annotations

import json
from difflib import SequenceMatcher
from typing import Any

Patch = Any  # a list ["=", value] or a dict, as above


def diff(a: Any, b: Any) -> Patch:
    """The patch that turns `a` into `b` (`["=", b]` when they share nothing worth keeping)."""
    if type(a) is type(b):
        if isinstance(a, dict):
            return _diff_object(a, b)
        if isinstance(a, list):
            return _diff_array(a, b)
    return ["=", b]


def apply(a: Any, patch: Patch) -> Any:
    """`a` with `patch` applied: the `b` of the `diff(a, b)` that made it. `a` is not changed."""
    if isinstance(patch, list):
        return patch[1]
    if "l" in patch:
        out: list[Any] = []
        at = 0
        for start, end, items in patch["l"]:
            out.extend(a[at:start])
            old = a[start:end]
            out.extend(
                apply(old[i], item) if i < len(old) and isinstance(item, dict) else item[1]
                for i, item in enumerate(items)
            )
            at = end
        out.extend(a[at:])
        return out
    result = {key: value for key, value in a.items() if key not in patch.get("x", ())}
    for key, sub in patch.get("k", {}).items():
        result[key] = apply(a[key], sub) if key in a and isinstance(sub, dict) else sub[1]
    return result


def _diff_object(a: dict[str, Any], b: dict[str, Any]) -> Patch:
    patch: dict[str, Any] = {}
    changed = {key: diff(a[key], value) if key in a else ["=", value] for key, value in b.items()
               if key not in a or a[key] != value}  # fmt: skip
    if changed:
        patch["k"] = changed
    removed = [key for key in a if key not in b]
    if removed:
        patch["x"] = removed
    return patch


def _diff_array(a: list[Any], b: list[Any]) -> Patch:
    # An edit changes one place: the items before and after it are equal, compared as they are;
    # only what lies between is matched, by each item's text.
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    a_mid, b_mid = a[head : len(a) - tail], b[head : len(b) - tail]
    if len(a_mid) <= 1 or len(b_mid) <= 1:
        opcodes = [("replace", 0, len(a_mid), 0, len(b_mid))] if a_mid or b_mid else []
    else:
        keys = [_key(item) for item in a_mid], [_key(item) for item in b_mid]
        opcodes = SequenceMatcher(None, *keys, autojunk=False).get_opcodes()
    runs = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            continue
        items = [
            diff(a_mid[i1 + n], item) if i1 + n < i2 else ["=", item]
            for n, item in enumerate(b_mid[j1:j2])
        ]
        runs.append([head + i1, head + i2, items])
    return {"l": runs}


def _key(item: Any) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))
