"""An import contract of our own for `lint-imports` (`.importlinter` registers it under
`contract_types`): every game package is closed, whatever its name.

import-linter's own contracts name their modules, so a contract listing the built-in games
let a new game's package be imported from anywhere ("11 kept, 0 broken" with `bot.host`
importing it directly). This one finds the games itself: every *package* directly under
`container` (`bot.games`: the shared game modules there are plain modules) may be imported
only from inside itself or by the `allowed_importers` (the registry); so no other game, the
host, the adapters or the web pages reach it, and games know nothing of each other.
"""

from __future__ import annotations

import importlib.util

from grimp import ImportGraph
from importlinter import Contract, ContractCheck, fields, output


def _is_package(module: str) -> bool:
    spec = importlib.util.find_spec(module)
    return spec is not None and spec.submodule_search_locations is not None


class ClosedPackagesContract(Contract):
    """Each package directly under `container` is imported from outside itself only by
    `allowed_importers`."""

    type_name = "closed_packages"

    container = fields.StringField()
    allowed_importers = fields.ListField(subfield=fields.StringField())

    def packages(self, graph: ImportGraph) -> list[str]:
        container = str(self.container)  # type: ignore[arg-type]
        return sorted(m for m in graph.find_children(container) if _is_package(m))

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        allowed = {str(m) for m in self.allowed_importers}  # type: ignore[attr-defined]
        broken: list[dict[str, object]] = []
        packages = self.packages(graph)
        for package in packages:
            inside = {package, *graph.find_descendants(package)}
            for module in sorted(inside):
                for importer in sorted(graph.find_modules_that_directly_import(module)):
                    if importer in inside or importer in allowed:
                        continue
                    lines = [d["line_number"] for d in graph.get_import_details(
                        importer=importer, imported=module)]
                    broken.append({"package": package, "importer": importer,
                                   "imported": module, "lines": lines})
        return ContractCheck(kept=not broken, metadata={"broken": broken,
                                                         "packages": packages})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for item in check.metadata["broken"]:
            lines = ", ".join(f"l.{n}" for n in item["lines"])  # type: ignore[attr-defined]
            output.print_error(
                f"{item['importer']} imports {item['imported']} ({lines}): the package "
                f"{item['package']} is reached from outside only through "
                f"{', '.join(str(m) for m in self.allowed_importers)}.",  # type: ignore
                bold=False)
            output.new_line()
