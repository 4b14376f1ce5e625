"""Forms of the list builder pages."""

from __future__ import annotations

from django import forms

from factions.catalog import catalog_for
from factions.models import GameModule


def _catalogs():
    return [catalog_for(m) for m in GameModule.objects.order_by("name")]


class NewListForm(forms.Form):
    name = forms.CharField(max_length=120, required=False, help_text="You can change it later.")
    faction = forms.ChoiceField(label="Game and faction")
    focus = forms.ChoiceField(label="Focus (optional)", required=False)
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
        factions, focuses = [], [("", "No focus")]
        for catalog in _catalogs():
            factions.append(
                (
                    f"{catalog.spec.name} ({catalog.ruleset.name}, {catalog.params.points_limit} pts)",
                    [(f"{catalog.slug}/{key}", f.name) for key, f in catalog.spec.factions.items()],
                )
            )
            for key, faction in catalog.spec.factions.items():
                options = [
                    (f"{catalog.slug}/{key}/{fk}", focus.name)
                    for fk, focus in catalog.focuses(key).items()
                ]
                if options:
                    focuses.append((f"{faction.name} ({catalog.spec.name})", options))
        self.fields["faction"].choices = factions
        self.fields["focus"].choices = focuses

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
            if not focus.startswith(prefix):
                self.add_error("focus", "That focus belongs to another faction.")
            else:
                data["focus"] = focus[len(prefix) :]
        return data
