"""Importing a list document: check that everything it names exists, and say what does not."""

from __future__ import annotations

from factions.catalog import Catalog
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.exports.source import ExportSource
from forgebuilder.lists.exports.text import list_text
from forgebuilder.lists.selectors import evaluated_document


def import_problems(document: ListDocument, catalog: Catalog) -> list[tuple[str, str]]:
    """Every id of `document` its module lacks, as (path, message)."""
    problems: list[tuple[str, str]] = []
    if catalog.faction(document.faction) is None:
        known = ", ".join(catalog.spec.factions)
        return [("faction", f"the module has no faction '{document.faction}' (known: {known})")]
    if document.focus and document.focus not in catalog.focuses(document.faction):
        problems.append(("focus", f"the faction has no focus '{document.focus}'"))
    if document.doctrine and document.doctrine not in catalog.spec.doctrines:
        problems.append(("doctrine", f"the module has no doctrine '{document.doctrine}'"))
    for i, force in enumerate(document.forces):
        if catalog.faction(force.faction) is None:
            problems.append(
                (f"forces[{i}].faction", f"the module has no faction '{force.faction}'")
            )
        elif force.organization and force.organization not in catalog.force_organizations(
            force.faction
        ):
            problems.append(
                (f"forces[{i}].organization", f"no force organization '{force.organization}'")
            )
    for i, unit in enumerate(document.units):
        faction = document.unit_faction(unit)
        sheet = catalog.datasheet(faction, unit.datasheet)
        if sheet is None:
            problems.append(
                (
                    f"units[{i}].datasheet",
                    f"the faction '{faction}' has no datasheet '{unit.datasheet}'",
                )
            )
            continue
        models = {m.id for m in sheet.models}
        for model in unit.models:
            if model not in models:
                problems.append(
                    (f"units[{i}].models.{model}", f"{sheet.name} has no model '{model}'")
                )
        for j, choice in enumerate(unit.options):
            found = sheet.option(choice.option)
            if found is None:
                problems.append(
                    (
                        f"units[{i}].options[{j}].option",
                        f"{sheet.name} has no option '{choice.option}'",
                    )
                )
            elif not any(c.id == choice.choice for c in found[1].choices):
                problems.append(
                    (
                        f"units[{i}].options[{j}].choice",
                        f"that option has no choice '{choice.choice}'",
                    )
                )
        if unit.specialty and unit.specialty not in catalog.power_specialties(faction):
            problems.append((f"units[{i}].specialty", f"no power specialty '{unit.specialty}'"))
    for i, legend in enumerate(document.legends):
        if legend.legend not in catalog.legends(document.faction):
            problems.append((f"legends[{i}].legend", f"the module has no legend '{legend.legend}'"))
    return problems


def import_document(document: ListDocument, catalog: Catalog) -> ListDocument:
    """The document, ready to store; raises DocumentError naming everything it cannot match."""
    problems = import_problems(document, catalog)
    if problems:
        raise DocumentError(tuple(problems))
    return document


def import_warnings(document: ListDocument, catalog: Catalog) -> list[tuple[str, str]]:
    """What an importable document breaks but may keep, as (path, message): model counts
    outside a datasheet's range. The list is imported and the editor reports them too."""
    warnings: list[tuple[str, str]] = []
    for i, unit in enumerate(document.units):
        sheet = catalog.datasheet(document.unit_faction(unit), unit.datasheet)
        if sheet is None:
            continue
        for model in sheet.models:
            count = unit.models.get(model.id or "")
            if count is not None and count > model.max_count:
                warnings.append(
                    (
                        f"units[{i}].models.{model.id}",
                        f"{count} {model.name}; {sheet.name} allows at most {model.max_count}",
                    )
                )
            elif count is not None and count < model.min:
                warnings.append(
                    (
                        f"units[{i}].models.{model.id}",
                        f"{count} {model.name}; {sheet.name} needs at least {model.min}",
                    )
                )
    return warnings


def import_preview(document: ListDocument, catalog: Catalog) -> list[str]:
    """The list an import would store, line by line as the text export writes it (its header,
    each force and each unit with its models, options and price here): what matched, shown
    beside what did not before the player stores it."""
    roster, report = evaluated_document(document=document, catalog=catalog)
    return list_text(ExportSource(document, roster, report, "")).splitlines()
