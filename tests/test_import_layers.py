"""The layers a machine checks (README "Layout"): import-linter's contracts in
pyproject.toml ([tool.importlinter]) hold, run as `lint-imports` from this environment;
the platform's layers name every module of service/ and workers/ once, and the Ultimate
Railroads contracts every module of its package: each is a chapter of the box
(box.CHAPTERS) or the core, so a new module cannot slip past them."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from service.games.ultimate_railroads import box

ROOT = Path(__file__).resolve().parent.parent
UR = "service.games.ultimate_railroads"
UR_DIR = ROOT / "service" / "games" / "ultimate_railroads"


def contracts() -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return {contract["id"]: contract for contract in config["contracts"]}


def short(modules: list[str]) -> set[str]:
    return {module.removeprefix(UR + ".") for module in modules}


def test_lint_imports_keeps_every_contract():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache", "--no-logo"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Contracts: {len(contracts())} kept, 0 broken." in done.stdout


def test_the_chapters_contract_names_the_box_and_the_core_contract_every_other_module():
    chapters = short(contracts()["ur-chapters-independent"]["modules"])
    core = short(contracts()["ur-core-below-chapters"]["source_modules"])
    assert chapters == set(box.CHAPTERS) == short(contracts()["ur-core-below-chapters"]["forbidden_modules"])
    on_disk = {path.stem for path in UR_DIR.glob("*.py")} - {"__init__", "box"}
    assert core == on_disk - chapters
    assert not core & chapters


def test_the_platform_layers_name_every_module_of_service_and_workers_once():
    named = [module.strip() for layer in contracts()["platform-layers"]["layers"]
             for module in layer.replace("|", ":").split(":")]
    service = {f"service.{path.stem}" for path in (ROOT / "service").glob("*.py")} - {"service.__init__"}
    service |= {f"service.{path.parent.name}" for path in (ROOT / "service").glob("*/__init__.py")}
    assert sorted(named) == sorted(service | {"workers"})
