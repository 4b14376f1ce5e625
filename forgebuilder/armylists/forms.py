"""Forms of the list builder pages."""

from __future__ import annotations

from django import forms
from django.urls import reverse

from factions.catalog import catalog_for
from factions.models import GameModule


def _catalogs():
    return [catalog_for(m) for m in GameModule.objects.order_by("name")]


class NewListForm(forms.Form):
    name = forms.CharField(max_length=120, required=False, help_text="You can change it later.")
    faction = forms.ChoiceField(label="Game and faction")
    # a menu, checked in clean(): a focus of another faction gets a message naming the right ones
    focus = forms.CharField(label="Focus (optional)", required=False, widget=forms.Select)
    points_limit = forms.IntegerField(
        min_value=1, max_value=100_000, required=False,
        help_text="Leave empty for the game's standard size.",
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
        for catalog in _catalogs():
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
        self.fields["focus"].widget.choices = [
            ("", "No focus"),
            *self.focuses_of(self.chosen_faction()),
        ]
        self.fields["faction"].widget.attrs.update(
            {
                "hx-get": reverse("armylists:new"),
                "hx-trigger": "change",
                "hx-target": "#id_focus-field",
                "hx-select": "#id_focus-field",
                "hx-swap": "outerHTML",
            }
        )

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
        return data

    def wrong_focus_message(self, faction: str) -> str:
        name = self.faction_names.get(faction, faction)
        names = [label for _, label in self.focuses_of(faction)]
        if not names:
            return f"That focus belongs to another faction. {name} has no focuses: choose none."
        return f"That focus belongs to another faction. {name} may take: {', '.join(names)}."
