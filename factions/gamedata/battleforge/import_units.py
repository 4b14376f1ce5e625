"""Map Battle Forge units to forgebuilder datasheets, priced by the points engine (§2.5, §3).

* datasheet ``points`` = the unit base (§3.6, rounded to 5 in battle games);
* each model's ``extra_model_points`` = the price of its extra-model item (§3.7);
* each choice's ``points`` = the price of the Battle Forge alternative (§3.7, without the
  builder's bugs: ``builder_quirks=False``).

forgebuilder multiplies a ``model_limit: all`` choice by the number of models of the targeted
type (model options) or by the unit's total models (unit options), and any other choice by the
number of times it is taken: the same arithmetic as Battle Forge's roster (§3.9), minus its
overcharge of mixed units.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..schemas import slug_key
from .import_content import model_stats
from .import_options import OptionMapper
from .options import OptionGroup
from .pricing import price_unit_data
from .refs import alternatives, as_list, numeric

__all__ = ["UnitMapper"]

MODEL_LEVEL = ("replaceModel", "replaceWeapon", "replaceRule", "addWeapon", "addRule", "removeRule")
#: Options of a models-map model a unit adds (``replaceModel`` of an added model is not kept).
TEMPLATE_LEVEL = ("replaceWeapon", "replaceRule", "addWeapon", "addRule", "removeRule")
UNIT_LEVEL = ("addModel", "replaceWeapon", "replaceRule", "addWeapon", "addRule", "removeRule")


@dataclass
class UnitMapper(OptionMapper):
    """Maps the units of one faction.

    ``category_key`` maps a Battle Forge category id to a module category key, creating the
    category (and reporting it) when the module does not define it; ``offered`` holds the
    categories some organisation offers.
    """

    category_key: Callable[[str, str, str], str]
    offered: set[str]

    # ----- datasheets ---------------------------------------------------------------------
    def datasheet(self, uid: str, unit: Mapping[str, Any], file: str) -> dict[str, Any] | None:
        """The datasheet dict of one unit, or None (reported) when it has no model."""
        path = f"units.{uid}"
        raw_models = [
            (i, m) for i, m in enumerate(as_list(unit.get("models"))) if isinstance(m, Mapping)
        ]
        if not raw_models:
            self.report("unit_without_models", file, f"{path}.models", f"unit {uid!r} has none")
            return None
        price = price_unit_data(self.ctx, unit, uid)
        groups: dict[tuple[str, str], OptionGroup] = {
            (g.path, g.verb): g for g in price.option_groups
        }
        points = price.base
        if points < 0:
            self.report("points_invalid", file, path, f"unit base {points} set to 0")
            points = 0
        ids: list[str] = []
        for _, model in raw_models:
            base = slug_key(str(model.get("name") or "model"))[:70] or "model"
            key, n = base, 2
            while key in ids:
                key, n = f"{base}_{n}", n + 1
            ids.append(key)
        unit_rules = self._rules(unit.get("rules"), file, f"{path}.rules")
        models = []
        for (i, model), model_key in zip(raw_models, ids, strict=True):
            mpath = f"{path}.models[{i}]"
            spec = self._model(model, model_key, file, mpath, groups)
            models.append(spec)
        for (i, model), spec in zip(raw_models, models, strict=True):
            mpath = f"{path}.models[{i}]"
            spec["options"] = self._options(
                model.get("options"), MODEL_LEVEL, file, mpath, groups, [spec], unit_rules, spec
            )
        sheet: dict[str, Any] = {
            "name": str(unit.get("name") or uid)[:120],
            "description": unit.get("description")
            if isinstance(unit.get("description"), str)
            else "",
            "category": self._category(unit.get("category"), file, f"{path}.category"),
            "points": points,
            "keywords": [str(k) for k in as_list(unit.get("keywords"))] or ["Infantry"],
            "rules": unit_rules,
            "focuses": self.scope.focus_filter(
                unit.get("subfactions"), file, f"{path}.subfactions"
            ),
            "models": models,
        }
        sheet["options"] = self._options(
            unit.get("options"), UNIT_LEVEL, file, path, groups, models, unit_rules, None
        )
        sheet["options"] += self._added_model_options(unit, file, groups, unit_rules)
        return sheet

    def _added_model_options(
        self,
        unit: Mapping[str, Any],
        file: str,
        groups: Mapping[tuple[str, str], OptionGroup],
        unit_rules: list[Any],
    ) -> list[dict[str, Any]]:
        """The options of the models the unit's ``addModel`` options bring (models-map
        entries), as unit options with ``added_model``: priced by the points engine on that
        model with the unit's rules, as the builder lists them (§3.7)."""
        brought: list[str] = []
        for option in as_list(unit.get("options")):
            if isinstance(option, Mapping):
                for alt in alternatives(option.get("addModel")):
                    brought += [r for r in alt if isinstance(r, str) and r not in brought]
        self._swapped_options_dropped(unit, brought, file)
        out: list[dict[str, Any]] = []
        for raw in brought:
            template = self.ctx.models.get(raw)
            key = self.scope.models.get(raw)
            if not isinstance(template, Mapping) or key is None:
                continue
            tfile = self.ctx.faction.origin("models", raw) or file
            tpath = f"models.{raw}"
            carrier = {
                "id": key,
                "weapons": [
                    ref
                    for i, w in enumerate(as_list(template.get("weapons")))
                    if (ref := self.scope.weapon_ref(w, tfile, f"{tpath}.weapons[{i}]"))
                ],
                "rules": self._rules(template.get("rules"), tfile, f"{tpath}.rules"),
            }
            specs = self._options(
                template.get("options"), TEMPLATE_LEVEL, tfile, tpath, groups, [carrier],
                unit_rules, carrier,
            )  # fmt: skip
            for spec in specs:
                spec["added_model"] = key
            out += specs
            for oi, option in enumerate(as_list(template.get("options"))):
                if isinstance(option, Mapping) and "replaceModel" in option:
                    self.report(
                        "template_options_dropped",
                        tfile,
                        f"{tpath}.options[{oi}].replaceModel",
                        f"model {raw!r} (brought by addModel) would replace itself by another "
                        "model; forgebuilder cannot swap an added model, dropped",
                    )
        return out

    def _swapped_options_dropped(
        self, unit: Mapping[str, Any], brought: list[str], file: str
    ) -> None:
        """Report the options of models that come in by ``replaceModel`` (not ``addModel``):
        forgebuilder keeps the options of added models only."""
        swapped: list[str] = []
        for model in as_list(unit.get("models")):
            for option in as_list(model.get("options")) if isinstance(model, Mapping) else ():
                if isinstance(option, Mapping):
                    for alt in alternatives(option.get("replaceModel")):
                        swapped += [r for r in alt if isinstance(r, str) and r not in brought]
        for raw in dict.fromkeys(swapped):
            template = self.ctx.models.get(raw)
            if isinstance(template, Mapping) and as_list(template.get("options")):
                self.report(
                    "template_options_dropped",
                    self.ctx.faction.origin("models", raw) or file,
                    f"models.{raw}.options",
                    f"model {raw!r} comes in by replaceModel; forgebuilder keeps the options "
                    "of added models only, dropped",
                )

    def _category(self, value: object, file: str, path: str) -> str:
        if isinstance(value, list):
            first = next((v for v in value if isinstance(v, str)), None)
            self.report(
                "category_array",
                file,
                path,
                f"category {value!r} is an array (the builder can never add the unit); "
                f"imported as {first!r}",
            )
            key = self.category_key(first or "uncategorized", file, path)
            if key not in self.offered:
                self.report(
                    "category_not_offered",
                    file,
                    path,
                    f"no organisation offers category {key!r}; the unit can never be added",
                )
            return key
        if not isinstance(value, str) or not value:
            return self.category_key("uncategorized", file, path)
        return self.category_key(value, file, path)

    def _rules(self, value: object, file: str, path: str) -> list[Any]:
        refs = [
            self.scope.rule_ref(ref, file, f"{path}[{i}]") for i, ref in enumerate(as_list(value))
        ]
        return [ref for ref in refs if ref is not None]

    def _model(
        self,
        model: Mapping[str, Any],
        key: str,
        file: str,
        path: str,
        groups: Mapping[tuple[str, str], OptionGroup],
    ) -> dict[str, Any]:
        low = numeric(model.get("min"))
        high = numeric(model.get("max"))
        minimum = int(low) if low is not None and low >= 0 else 1
        maximum = int(high) if high is not None else None
        if maximum is not None and maximum < minimum:
            self.report(
                "counts_invalid",
                file,
                f"{path}.max",
                f"max {maximum} is below min {minimum}; imported as max = min",
            )
            maximum = minimum
        spec: dict[str, Any] = {
            "id": key,
            "name": str(model.get("name") or key)[:120],
            "min": minimum,
            "max": maximum,
            "stats": model_stats(model, self.scope, file, path),
            "weapons": [
                ref
                for i, raw in enumerate(as_list(model.get("weapons")))
                if (ref := self.scope.weapon_ref(raw, file, f"{path}.weapons[{i}]")) is not None
            ],
            "rules": self._rules(model.get("rules"), file, f"{path}.rules"),
        }
        extra = groups.get((path, "extraModels"))
        if extra is not None and extra.alternatives:
            spec["extra_model_points"] = extra.alternatives[0].points
        elif maximum is not None and maximum > minimum:
            spec["extra_model_points"] = 0
        return spec
