"""The one refusal type, in plain Python: `Refused(message, hint="")`, with a stable `code`.

A refusal is an action or an input the app will not take, with its reason in players' words
(`message`), what to do instead (`hint`) and, for input, where it is wrong (`path`). Each kind
of refusal is a subclass with its own kebab-case `code` (an answer's code, as a violation has
one); a raise may name a narrower one (`code=`). This module imports nothing, so every layer
raises it: the game data, the engine (which imports no Django and no app) and the apps.
`forgebuilder/refusals.py` re-exports it and turns it into a page, an htmx answer or a JSON
answer, in one place."""

from __future__ import annotations

from typing import ClassVar


class Refused(Exception):
    """An action or input refused, with its reason (`message`) and what to do (`hint`)."""

    code: ClassVar[str] = "refused"
    hint: str = ""
    path: str = ""  # where in the input ("lists[1].units[0]"), "" when it is not about input

    def __init__(self, message: str, hint: str = "", *, code: str = "", path: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.path = path
        if code:
            self.code = code  # type: ignore[misc]  # a narrower code for this one raise

    def errors(self) -> list[dict[str, str]]:
        """The refusal as a JSON answer's errors: `{"code", "message", "hint", "path"}` each."""
        return [{"code": self.code, "message": self.message, "hint": self.hint, "path": self.path}]
