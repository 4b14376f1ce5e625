"""What a tracker game played for an event round's pairing feeds: the round's result (the
tracker's victory points and the opponent's, from their linked game or as the player typed
them), entered for the opponent to confirm as a player's entry on the event page is;
registered with forgebuilder/outcomes.py from the app's ready()."""

from __future__ import annotations

from forgebuilder.outcomes import Feed, FinishedGame

from .models import Game
from .services import EventRefused, game_report_prefill

NOT_FILLED = "Your game is finished and kept; the round's result was not entered: "


def prefill_result(game: FinishedGame) -> tuple[str, str]:
    """Enter the round's result from the finished `game` (in the caller's transaction).

    Answers (what was done, what was refused), one of them empty."""
    pairing = Game.objects.select_related("first", "second").get(pk=game.mine.event_game_id)
    other = game.linked()
    if other is not None and other.event_game_id != pairing.pk:
        other = None
    theirs = other.vp if other is not None else game.opponent_vp
    if theirs is None:
        return (
            "",
            NOT_FILLED
            + "your opponent's victory points were not given; enter it on the event page.",
        )
    mine = game.mine.vp
    first = pairing.side_of(game.player) == 0
    first_vp, second_vp = (mine, theirs) if first else (theirs, mine)
    try:
        game_report_prefill(game=pairing, by=game.player, first_vp=first_vp, second_vp=second_vp)
    except EventRefused as refusal:
        return "", NOT_FILLED + str(refusal)
    opponent = pairing.opponent_of(game.player).name
    return (
        f"Your result is entered: {pairing.first.name} {first_vp}–{second_vp} "
        f"{pairing.second.name}. {opponent} confirms it on the event page."
    ), ""


# a game played for a pairing enters the round's result
ROUND_RESULT = Feed("events", lambda game: game.mine.event_game_id is not None, prefill_result)
