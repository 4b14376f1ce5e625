"""How the site names people it no longer knows."""

from __future__ import annotations

# A player who deleted their account: their campaign armies and event results stay, under this.
FORMER_PLAYER = "former player"
