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

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..schemas import slug_key
from .import_base import Scope
from .import_content import model_stats
from .options import OptionAlternative, OptionGroup
from .points import PricingContext
from .pricing import price_unit_data
from .refs import alternatives, as_list, numeric

__all__ = ["UnitMapper"]

#: Battle Forge verb -> (forgebuilder verb, the key holding the alternatives).
VERBS: dict[str, tuple[str, str]] = {
    "replaceModel": ("replace_model", "replaceModel"),
    "replaceWeapon": ("replace_weapon", "withWeapon"),
    "replaceRule": ("replace_rule", "withRule"),
    "addWeapon": ("add_weapon", "addWeapon"),
    "addRule": ("add_rule", "addRule"),
    "removeRule": ("remove_rule", "removeRule"),
    "addModel": ("add_model", "addModel"),
}
MODEL_LEVEL = ("replaceModel", "replaceWeapon", "replaceRule", "addWeapon", "addRule", "removeRule")
#: Options of a models-map model a unit adds (``replaceModel`` of an added model is not kept).
TEMPLATE_LEVEL = ("replaceWeapon", "replaceRule", "addWeapon", "addRule", "removeRule")
UNIT_LEVEL = ("addModel", "replaceWeapon", "replaceRule", "addWeapon", "addRule", "removeRule")
_RATIO = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")
_ADD_INSTEAD = {"replace_weapon": "add_weapon", "replace_rule": "add_rule"}


@dataclass
class UnitMapper:
    """Maps the units of one faction.

    ``category_key`` maps a Battle Forge category id to a module category key, creating the
    category (and reporting it) when the module does not define it; ``offered`` holds the
    categories some organisation offers.
    """

    ctx: PricingContext
    scope: Scope
    category_key: Callable[[str, str, str], str]
    offered: set[str]

    @property
    def report(self) -> Callable[[str, str, str, str], None]:
        return self.scope.reporter.add

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

    # ----- options ------------------------------------------------------------------------
    def _options(
        self,
        options: object,
        verbs: tuple[str, ...],
        file: str,
        owner: str,
        groups: Mapping[tuple[str, str], OptionGroup],
        carriers: list[dict[str, Any]],
        unit_rules: list[Any],
        model: dict[str, Any] | None,
    ) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for oi, option in enumerate(as_list(options)):
            if not isinstance(option, Mapping):
                continue  # linted: option_not_object
            opath = f"{owner}.options[{oi}]"
            for verb in verbs:
                _, source = VERBS[verb]
                if verb not in option or not alternatives(option.get(source)):
                    continue
                group = groups.get((opath, verb))
                spec = self._option(verb, option, file, opath, group, model)
                if spec is None:
                    continue
                spec = self._repair(spec, file, f"{opath}.{verb}", carriers, unit_rules)
                if spec is not None:
                    out.append(spec)
        return out

    def _option(
        self,
        verb: str,
        option: Mapping[str, Any],
        file: str,
        opath: str,
        group: OptionGroup | None,
        model: dict[str, Any] | None,
    ) -> dict[str, Any] | None:
        target, source = VERBS[verb]
        scope = self.scope
        pool: list[OptionAlternative] = list(group.alternatives) if group else []
        choices = []
        for ai, alt in enumerate(alternatives(option.get(source))):
            apath = f"{opath}.{source}[{ai}]"
            priced = next((a for a in pool if list(a.refs) == alt), None)
            if priced is not None:
                pool.remove(priced)
            points = priced.points if priced is not None else 0
            if priced is not None and not priced.computable:
                self.report(
                    "price_not_computable",
                    file,
                    apath,
                    "the builder averages this over no model (NaN); imported at 0",
                )
            if target in ("replace_weapon", "add_weapon"):
                items = [scope.weapon_ref(ref, file, apath) for ref in alt]
            elif target in ("add_model", "replace_model"):
                items = [scope.model_ref(ref, file, apath) for ref in alt]
            else:
                items = [scope.rule_ref(ref, file, apath) for ref in alt]
            items = [item for item in items if item is not None]
            if not items:
                continue
            choice: dict[str, Any] = {"items": items, "points": points}
            if target in ("add_rule", "replace_rule", "remove_rule") and any(
                isinstance(ref, Mapping) and isinstance(ref.get("name"), str) for ref in alt
            ):
                choice["label"] = ", ".join(self.ctx.rule_label(ref) for ref in alt)
            choices.append(choice)
        if not choices:
            return None
        spec: dict[str, Any] = {"verb": target, "choices": choices}
        if target == "replace_model":
            spec["replace"] = [{"id": model["id"]}] if model else []
        elif target in ("replace_weapon", "replace_rule"):
            spec = self._replaced(spec, option.get(verb), file, f"{opath}.{verb}")
        spec["model_limit"] = self._model_limit(option.get("modelLimit"), file, opath)
        spec["limit"] = self._positive(option.get("limit"), "limit", file, opath)
        spec["count"] = self._positive(option.get("count"), "count", file, opath)
        spec["focuses"] = scope.focus_filter(
            option.get("subfactions"), file, f"{opath}.subfactions"
        )
        return spec

    def _replaced(self, spec: dict[str, Any], value: object, file: str, path: str) -> dict:
        """`spec` with what it replaces (`value`, read as references); an option that names
        nothing to replace replaces nothing: it is imported as an add option, and reported."""
        convert = self.scope.weapon_ref if spec["verb"] == "replace_weapon" else self.scope.rule_ref
        refs = [convert(ref, file, path) for alt in alternatives(value) for ref in alt]
        replace = [ref for ref in refs if ref is not None]
        if replace:
            return {**spec, "replace": replace}
        new_verb = _ADD_INSTEAD[spec["verb"]]
        self.report(
            "replaced_not_carried",
            file,
            path,
            f"replaces nothing ({value!r:.60} names nothing to replace); imported as {new_verb} "
            "at Battle Forge's price",
        )
        return {**spec, "verb": new_verb}

    def _model_limit(self, value: object, file: str, opath: str) -> Any:
        if value is None:
            return None
        if value == "all":
            return "all"
        number = numeric(value)
        if number is not None and number >= 0 and number == int(number):
            return int(number)
        if isinstance(value, str) and (m := _RATIO.match(value)) and int(m.group(2)) > 0:
            return f"{int(m.group(1))}/{int(m.group(2))}"
        self.report(
            "option_value_unsupported",
            file,
            f"{opath}.modelLimit",
            f"modelLimit {value!r} is not a number, 'all' or 'a/b'; imported as every model",
        )
        return None

    def _positive(self, value: object, name: str, file: str, opath: str) -> int | None:
        if value is None:
            return None
        number = numeric(value)
        if number is not None and number >= 1 and number == int(number):
            return int(number)
        self.report(
            "option_value_unsupported",
            file,
            f"{opath}.{name}",
            f"{name} {value!r} is not a whole number of 1 or more; dropped",
        )
        return None

    def _repair(
        self,
        spec: dict[str, Any],
        file: str,
        path: str,
        carriers: list[dict[str, Any]],
        unit_rules: list[Any],
    ) -> dict[str, Any] | None:
        """Make ``replace`` / ``remove_rule`` name only what the model (or unit) has."""
        verb = spec["verb"]
        if verb == "replace_weapon":
            held = {ref["id"] for m in carriers for ref in m["weapons"]}
        elif verb in ("replace_rule", "remove_rule"):
            held = {ref["id"] for ref in unit_rules}
            held |= {ref["id"] for m in carriers for ref in m["rules"]}
        else:
            return spec
        if verb == "remove_rule":
            choices = []
            for ci, choice in enumerate(spec["choices"]):
                missing = [ref["id"] for ref in choice["items"] if ref["id"] not in held]
                if missing:
                    self.report(
                        "removed_not_held",
                        file,
                        f"{path}[{ci}]",
                        f"removes {', '.join(missing)}, which the unit does not have; skipped",
                    )
                else:
                    choices.append(choice)
            return {**spec, "choices": choices} if choices else None
        missing = [ref["id"] for ref in spec["replace"] if ref["id"] not in held]
        if not missing:
            return spec
        kept = [ref for ref in spec["replace"] if ref["id"] in held]
        who = "the model does" if len(carriers) == 1 else "no model of the unit does"
        if kept:
            self.report(
                "replaced_not_carried",
                file,
                path,
                f"replaces {', '.join(missing)}, which {who} not carry; only "
                f"{', '.join(r['id'] for r in kept)} is replaced",
            )
            return {**spec, "replace": kept}
        new_verb = _ADD_INSTEAD[verb]
        self.report(
            "replaced_not_carried",
            file,
            path,
            f"replaces {', '.join(missing)}, which {who} not carry; imported as "
            f"{new_verb} at Battle Forge's price",
        )
        return {**{k: v for k, v in spec.items() if k != "replace"}, "verb": new_verb}
