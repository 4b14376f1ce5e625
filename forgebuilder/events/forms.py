"""The organiser's event form: the pack, the rounds and the scoring, checked as a whole."""

from __future__ import annotations

from datetime import date, datetime, time

from django import forms
from django.utils import timezone

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder.engine.api import POINTS_LIMIT_MAX, POINTS_LIMIT_MIN, POINTS_LIMIT_RANGE
from forgebuilder.numbers import id_number

from .data_version import version_at
from .models import Event
from .standings import TIEBREAKERS

TIEBREAKER_CHOICES = [("", "(none)"), *TIEBREAKERS.items()]
#: The game field's choice of a game not hosted here: no module, lists checked by their builder.
FOREIGN = "foreign"
FOREIGN_LABEL = "A game not hosted here (lists checked by their builder)"


class GameField(forms.ModelChoiceField):
    """The hosted games, then a game not hosted here (FOREIGN, cleaned to None)."""

    def to_python(self, value):
        return None if value == FOREIGN else super().to_python(value)


def game_chosen(raw: str | None) -> GameModule | None:
    """The game an organiser picked on the form (its id as sent), or None."""
    pk = id_number(raw)
    return GameModule.objects.filter(pk=pk).first() if pk is not None else None


def faction_choices(game: GameModule | None) -> list[tuple[str, str]]:
    """The factions a pack may allow: the chosen game's only (none until a game is chosen)."""
    if game is None:
        return []
    return [(f"{game.slug}:{key}", f.name) for key, f in catalog_for(game).spec.factions.items()]


class EventForm(forms.ModelForm):
    foreign_value, foreign_label = FOREIGN, FOREIGN_LABEL
    module = GameField(queryset=GameModule.objects.all(), label="Game", required=False)
    factions = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Factions allowed (none ticked: every faction of the game)",
        error_messages={
            "invalid_choice": "Only factions of the chosen game can be allowed (%(value)s is not "
            "one of them)."
        },
    )
    data_cutoff = forms.DateField(
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        label="Points and rules as published by (empty: the current ones)",
        help_text="Lists are checked against the newest version of the game data published "
        "by this date, whatever is published during the event.",
    )
    tiebreaker_1 = forms.ChoiceField(
        choices=TIEBREAKERS.items(), initial="points", label="Ranked first by"
    )
    tiebreaker_2 = forms.ChoiceField(
        choices=TIEBREAKER_CHOICES, required=False, initial="sos", label="Ties broken by"
    )
    tiebreaker_3 = forms.ChoiceField(
        choices=TIEBREAKER_CHOICES, required=False, initial="vp_diff", label="Then by"
    )

    class Meta:
        model = Event
        fields = [
            "name", "starts_on", "place", "module", "game_name", "points_limit", "casual", "factions",
            "list_deadline", "hide_lists", "reveal_at", "rounds", "first_round",
            "win_points", "draw_points", "loss_points",
        ]  # fmt: skip
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "list_deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}),
            "reveal_at": forms.DateTimeInput(attrs={"type": "datetime-local"}),
        }
        labels = {
            "starts_on": "Date",
            "game_name": "The game's name (a game not hosted here)",
            "casual": "Casual (matched-play limits off)",
            "hide_lists": "Keep lists hidden until the reveal time",
            "reveal_at": "Reveal lists at",
            "first_round": "Round 1",
            "points_limit": "Points limit",
            "win_points": "Points for a win",
            "draw_points": "Points for a draw",
            "loss_points": "Points for a loss",
        }

    def __init__(self, *args, game_id: str | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        picked = self.data.get("module") if self.is_bound else game_id
        self.game = game_chosen(picked)
        self.foreign_game = picked == FOREIGN
        self.fields["factions"].choices = faction_choices(self.game)
        limit = self.fields["points_limit"]
        limit.widget.attrs.update(min=POINTS_LIMIT_MIN, max=POINTS_LIMIT_MAX)
        limit.error_messages["max_value"] = f"A points limit is {POINTS_LIMIT_RANGE}."
        limit.error_messages["min_value"] = f"A points limit is {POINTS_LIMIT_RANGE}."
        self.fields["rounds"].widget.attrs.update(min=1, max=12)

    def clean_rounds(self) -> int:
        rounds = self.cleaned_data["rounds"]
        if not 1 <= rounds <= 12:
            raise forms.ValidationError("An event has 1 to 12 rounds.")
        return rounds

    def clean(self) -> dict:
        data = super().clean()
        module = data.get("module")
        chosen = data.get("factions") or []
        self._check_game(module, data)
        if module is not None:
            foreign = [c for c in chosen if not c.startswith(f"{module.slug}:")]
            if foreign:
                self.add_error("factions", f"Only factions of {module.name} can be allowed.")
            data["factions"] = [c.split(":", 1)[1] for c in chosen]
        deadline, reveal = data.get("list_deadline"), data.get("reveal_at")
        if data.get("hide_lists") and reveal and deadline and reveal < deadline:
            self.add_error("reveal_at", "Reveal the lists at the deadline or after it.")
        picks = [data.get(f"tiebreaker_{i}") for i in (1, 2, 3)]
        picks = [p for p in picks if p]
        if len(set(picks)) != len(picks):
            self.add_error("tiebreaker_2", "Each tie-breaker once.")
        data["tiebreakers"] = picks
        if module is not None:
            self._choose_data_version(module, data.get("data_cutoff"))
        return data

    def _check_game(self, module: GameModule | None, data: dict) -> None:
        """A hosted game, or a game not hosted here named: its lists have no data version and
        no faction of ours to allow."""
        if module is not None:
            data["game_name"] = ""
            return
        if self.data.get("module") != FOREIGN:
            if "module" not in self.errors:
                self.add_error("module", "Choose the game the event plays.")
            return
        data["game_name"] = (data.get("game_name") or "").strip()
        if not data["game_name"]:
            self.add_error("game_name", "Name the game: players see it on the event page.")
        if data.get("factions"):
            self.add_error("factions", "A game not hosted here has no factions to choose from.")
        if data.get("data_cutoff") is not None:
            self.add_error("data_cutoff", "A game not hosted here has no game data of ours.")
        self.instance.data_version = None

    def _choose_data_version(self, module: GameModule, cutoff: date | None) -> None:
        """The version of the game data the event checks lists against (the newest published
        by the end of `cutoff`'s day, else the newest); a cut-off before the first is refused."""
        end = (
            timezone.make_aware(datetime.combine(cutoff, time.max)) if cutoff is not None else None
        )
        self.instance.data_version = version_at(module, end)
        if cutoff is not None and self.instance.data_version is None:
            self.add_error(
                "data_cutoff",
                f"No version of {module.name} was published by {cutoff:%d %b %Y}: "
                "choose a later date, or leave it empty for the current version.",
            )

    def save(self, commit: bool = True) -> Event:
        event = super().save(commit=False)
        event.factions = self.cleaned_data["factions"]
        event.tiebreakers = self.cleaned_data["tiebreakers"]
        if commit:
            event.save()
        return event
