"""Forms of the list builder pages."""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from factions.catalog import Catalog, catalog_for
from factions.models import GameModule
from forgebuilder.engine.api import POINTS_LIMIT_MAX, POINTS_LIMIT_MIN


def _catalogs():
    return [catalog_for(m) for m in GameModule.objects.order_by("name")]


# Common game sizes, as parts of the game's standard size: half, standard, one and a half, double.
SIZE_STEPS = (0.5, 1, 1.5, 2)


@dataclass(frozen=True)
class GameChoices:
    """What the new-list form offers for one game (module)."""

    name: str
    standard_size: int
    sizes: tuple[int, ...]
    doctrines: tuple[tuple[str, str], ...]  # ("<module>/<doctrine>", name), universal ones left out


def game_choices(catalog: Catalog) -> GameChoices:
    standard = catalog.params.points_limit
    step = max(catalog.ruleset.points_step, 1)
    sizes = sorted({max(step, round(standard * part / step) * step) for part in SIZE_STEPS})
    doctrines = ()
    if catalog.ruleset.uses_doctrines:
        doctrines = tuple(
            (f"{catalog.slug}/{key}", d.name)
            for key, d in catalog.spec.doctrines.items()
            if not d.universal
        )
    return GameChoices(catalog.spec.name, standard, tuple(sizes), doctrines)


def wrong_doctrine_message(game: GameChoices) -> str:
    if not game.doctrines:
        return f"{game.name} has no doctrines to choose: leave the doctrine empty."
    names = ", ".join(name for _, name in game.doctrines)
    return f"That doctrine is not one of {game.name}'s. It offers: {names}."


class SizesInput(forms.NumberInput):
    """A number field with the game's common sizes as suggestions (a <datalist>, no script) and
    its standard size said beside it; both are swapped when the game changes, the field is not."""

    sizes: tuple[int, ...] = ()
    standard: int | None = None

    def render(self, name, value, attrs=None, renderer=None):
        attrs = {**(attrs or {})}
        field_id = attrs.get("id", name)
        attrs["list"] = f"{field_id}-sizes"
        html = super().render(name, value, attrs, renderer)
        options = format_html_join("", '<option value="{}"></option>', ((s,) for s in self.sizes))
        standard = f"Standard size: {self.standard} pts" if self.standard else ""
        return format_html(
            '{}<datalist id="{}">{}</datalist><small class="muted" id="{}-standard">{}</small>',
            html, attrs["list"], options, field_id, standard,
        )  # fmt: skip


class NewListForm(forms.Form):
    name = forms.CharField(max_length=120, required=False, help_text="You can change it later.")
    faction = forms.ChoiceField(label="Game and faction")
    # a menu, checked in clean(): a focus of another faction gets a message naming the right ones
    focus = forms.CharField(label="Focus (optional)", required=False, widget=forms.Select)
    # the same for doctrines, which belong to a game (a module) rather than to a faction
    doctrine = forms.CharField(label="Doctrine (optional)", required=False, widget=forms.Select)
    points_limit = forms.IntegerField(
        min_value=POINTS_LIMIT_MIN, max_value=POINTS_LIMIT_MAX, required=False, widget=SizesInput,
        help_text="Leave empty for the game's standard size, or pick a common one.",
    )  # fmt: skip
    casual = forms.BooleanField(
        required=False, label="Casual game: only count points, skip force-building rules"
    )

    def __init__(self, *args, **kwargs) -> None:
        initial = kwargs.get("initial") or {}
        if initial.get("module") and initial.get("faction") and "/" not in initial["faction"]:
            initial["faction"] = f"{initial['module']}/{initial['faction']}"
        super().__init__(*args, **kwargs)
        factions = []
        self.focuses_by_faction: dict[str, list[tuple[str, str]]] = {}
        self.faction_names: dict[str, str] = {}
        self.games: dict[str, GameChoices] = {}
        for catalog in _catalogs():
            self.games[catalog.slug] = game_choices(catalog)
            factions.append(
                (
                    f"{catalog.spec.name} ({catalog.ruleset.name}, {catalog.params.points_limit} pts)",
                    [(f"{catalog.slug}/{key}", f.name) for key, f in catalog.spec.factions.items()],
                )
            )
            for key, faction in catalog.spec.factions.items():
                value = f"{catalog.slug}/{key}"
                self.faction_names[value] = faction.name
                self.focuses_by_faction[value] = [
                    (f"{value}/{fk}", focus.name) for fk, focus in catalog.focuses(key).items()
                ]
        self.fields["faction"].choices = factions
        # Only the chosen faction's focuses are offered (the first faction's before any choice);
        # the page asks for the new faction's menu when the faction changes (htmx), and without
        # JavaScript a focus of another faction is refused with the faction's own focuses named.
        focuses = self.focuses_of(self.chosen_faction())
        if focuses:
            self.fields["focus"].widget.choices = [("", "No focus"), *focuses]
        else:  # nothing to choose: the field's box stays (hidden) for the swap to fill
            self.fields["focus"].widget = forms.HiddenInput()
        self._offer_game_choices(self.games.get(self.chosen_faction().partition("/")[0]))
        self.fields["faction"].widget.attrs.update(
            {
                "hx-get": reverse("armylists:new"),
                "hx-trigger": "change",
                "hx-target": "#id_focus-field",
                "hx-select": "#id_focus-field",
                "hx-swap": "outerHTML",
                # the doctrine menu and the size suggestions follow the game; the size field
                # itself is left alone, so what the player types there is never replaced
                "hx-select-oob": (
                    "#id_doctrine-field,#id_points_limit-sizes,#id_points_limit-standard"
                ),
                "hx-include": "#id_doctrine",
            }
        )

    def _offer_game_choices(self, game: GameChoices | None) -> None:
        """The chosen game's doctrines (no menu when it has none) and common sizes."""
        doctrine = self.fields["doctrine"]
        if game is None or not game.doctrines:
            doctrine.widget = forms.HiddenInput()
        else:
            doctrine.widget.choices = [("", "Choose later"), *game.doctrines]
        if game is not None:
            self.fields["points_limit"].widget.sizes = game.sizes
            self.fields["points_limit"].widget.standard = game.standard_size

    def chosen_faction(self) -> str:
        value = self.data.get("faction") if self.is_bound else self.initial.get("faction")
        if value in self.focuses_by_faction:
            return value
        return next(iter(self.focuses_by_faction), "")

    def focuses_of(self, faction: str) -> list[tuple[str, str]]:
        return self.focuses_by_faction.get(faction, [])

    def clean(self):
        data = super().clean()
        value = data.get("faction") or ""
        slug, _, faction = value.partition("/")
        module = GameModule.objects.filter(slug=slug).first()
        if module is None:
            raise forms.ValidationError("Choose a game and a faction.")
        data["module"], data["faction_key"] = module, faction
        focus = data.get("focus") or ""
        if focus:
            prefix = f"{slug}/{faction}/"
            own = self.focuses_of(value)
            if not focus.startswith(prefix) or focus not in dict(own):
                self.add_error("focus", self.wrong_focus_message(value))
            else:
                data["focus"] = focus[len(prefix) :]
        doctrine = data.get("doctrine") or ""
        if doctrine:
            game = self.games[slug]
            if doctrine not in dict(game.doctrines):
                self.add_error("doctrine", wrong_doctrine_message(game))
            else:
                data["doctrine"] = doctrine.partition("/")[2]
        return data

    def wrong_focus_message(self, faction: str) -> str:
        name = self.faction_names.get(faction, faction)
        names = [label for _, label in self.focuses_of(faction)]
        if not names:
            return f"That focus belongs to another faction. {name} has no focuses: choose none."
        return f"That focus belongs to another faction. {name} may take: {', '.join(names)}."
