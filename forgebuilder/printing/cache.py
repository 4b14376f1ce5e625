"""Rendered PDFs, kept by the content of what they show: the same list is drawn once.

The key holds everything a printout depends on: what its subject says of itself (a list: the
document, the module and the revision of its game data, the report the engine made of it, the
share URL printed in the footer), the options (paper, token size), and the renderer: a version
constant bumped when the code that builds pages changes, plus a fingerprint of the templates and
stylesheet, so editing them needs no bump.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.core.cache import caches

from forgebuilder.printing.static import STYLESHEET, static_path

RENDERER_VERSION = 3
CACHE_ALIAS = "renders"


@lru_cache(maxsize=1)
def assets_fingerprint() -> str:
    """A hash of the print templates and stylesheet, computed once per process."""
    digest = hashlib.sha256()
    templates = sorted(
        path
        for directory in settings.TEMPLATES[0]["DIRS"]
        for path in (Path(directory) / "print").rglob("*.html")
    )
    for path in [*templates, static_path(STYLESHEET)]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def render_key(kind: str, content: Mapping[str, object], **options: object) -> str:
    """The cache key of printout `kind` of what `content` describes (its subject's every fact
    the printout shows: a list's document, module, revision, report and share URL) with
    `options` (paper, token size...)."""
    payload = {
        "kind": kind,
        "options": options,
        **content,
        "renderer": RENDERER_VERSION,
        "assets": assets_fingerprint(),
    }
    blob = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"{kind}:{hashlib.sha256(blob.encode()).hexdigest()}"


def cached_render(key: str, render: Callable[[], bytes]) -> bytes:
    """The bytes stored under `key`, or `render()` stored there now."""
    cache = caches[CACHE_ALIAS]
    data = cache.get(key)
    if data is None:
        data = render()
        cache.set(key, data)
    return data


def cached(key: str) -> bytes | None:
    """The bytes stored under `key`, or None when they were never drawn (or were evicted)."""
    return caches[CACHE_ALIAS].get(key)
