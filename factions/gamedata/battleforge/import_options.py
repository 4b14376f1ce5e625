"""Map the options of Battle Forge units and models to forgebuilder options (§2.5, §3.7): each
verb's alternatives as choices priced by the points engine, its model limit and counts, and a
replacement of what the model does not carry repaired (or made an addition). The unit mapper
(import_units.py) extends this with the datasheets."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .import_base import Scope
from .options import OptionAlternative, OptionGroup
from .points import PricingContext
from .refs import alternatives, as_list, numeric

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
_RATIO = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")
_ADD_INSTEAD = {"replace_weapon": "add_weapon", "replace_rule": "add_rule"}


@dataclass
class OptionMapper:
    """Maps the options of one faction's units and models."""

    ctx: PricingContext
    scope: Scope

    @property
    def report(self) -> Callable[[str, str, str, str], None]:
        return self.scope.reporter.add

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
