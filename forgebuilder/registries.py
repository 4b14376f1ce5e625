"""A registry of what apps plug in, by key: each app registers from its AppConfig.ready()."""

from __future__ import annotations

from typing import Any


class KeyedRegistry[T: Any]:
    """Entries by their `key`; `what` names them in the refusal of a second under one key."""

    what = "entries"

    def __init__(self) -> None:
        self._by_key: dict[str, T] = {}

    def register(self, entry: T) -> None:
        """Add an app's entry; its class again replaces it (a re-run ready()), another class
        under the same key is refused."""
        known = self._by_key.get(entry.key)
        if known is not None and type(known) is not type(entry):
            raise ValueError(
                f"Two {self.what} under the key {entry.key!r}: "
                f"{type(known).__qualname__} and {type(entry).__qualname__}."
            )
        self._by_key[entry.key] = entry

    def unregister(self, key: str) -> None:
        self._by_key.pop(key, None)
