"""The PyInstaller spec (build/cardtable.spec) without building anything: what it will put in the
bundle, what it leaves out, and the files it needs. `make bundle-check` builds and runs the real
thing; these tests catch the usual mistakes in a second.

The spec runs inside PyInstaller, so its helper functions are read out of it with `ast` and run
here on their own (PyInstaller itself is not needed).
"""

from __future__ import annotations

import ast
import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import registry

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "cardtable.spec"


def spec_part(*names: str) -> dict:
    """Run the spec's top-level definitions called `names` (functions or constants)."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    wanted = []
    for node in tree.body:
        defined = [getattr(node, "name", None)]
        if isinstance(node, ast.Assign):
            defined = [t.id for t in node.targets if isinstance(t, ast.Name)]
        if any(name in names for name in defined):
            wanted.append(node)
    namespace = {"ast": ast, "Path": Path, "sys": sys, "ROOT": ROOT}
    exec(compile(ast.Module(wanted, type_ignores=[]), str(SPEC), "exec"), namespace)
    missing = [name for name in names if name not in namespace]
    assert not missing, f"build/cardtable.spec defines no {missing}"
    return namespace


def test_every_registered_table_module_is_a_hidden_import():
    table_modules = spec_part("table_modules")["table_modules"]()
    expected = sorted({game.table.split(":")[0] for game in registry.GAMES if game.table})
    assert table_modules == expected
    assert "game.table.canfield" in table_modules


def test_every_playable_game_has_its_table_in_the_bundle():
    # a game the menu offers must have its table module collected (it is imported by name)
    table_modules = spec_part("table_modules")["table_modules"]()
    for name in registry.playable_names():
        assert registry.entry(name).table.split(":")[0] in table_modules


def test_the_spec_refuses_a_registry_entry_it_cannot_read(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "registry.py").write_text(
        'GAMES = (Game("x", "X", "", engine=None, table=TABLE, rules="x"),)\n', encoding="utf-8"
    )
    part = spec_part("table_modules")
    part["ROOT"] = tmp_path
    with pytest.raises(SystemExit, match="table= must be a string"):
        part["table_modules"]()


def test_bundle_data_has_assets_and_rules_pages():
    datas = spec_part("data_files")["data_files"]()
    bundled = {(Path(src).relative_to(ROOT).as_posix(), dest) for src, dest in datas}
    assert ("assets/icon.png", "assets") in bundled
    assert ("assets/fonts/DejaVuSans.ttf", "assets/fonts") in bundled
    assert ("assets/fonts/DejaVuSans-Bold.ttf", "assets/fonts") in bundled
    assert ("assets/fonts/LICENSE-DejaVu.txt", "assets/fonts") in bundled
    for name in registry.playable_names():
        page = registry.entry(name).rules
        assert (f"docs/rules/{page}.md", "docs/rules") in bundled, f"no rules page for {name}"
    # the executable's icons are not app data
    assert not any(src.endswith((".ico", ".icns")) for src, _ in bundled)
    for src, _ in datas:
        assert Path(src).is_file()


def test_window_icon_loads():
    icon = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    assert icon.get_size() == (256, 256)
    assert icon.get_flags() & pygame.SRCALPHA or icon.get_alpha() is not None


def test_windows_icon_has_the_usual_sizes():
    data = (ROOT / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for i in range(count):
        width, height, *_, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert width == height and bits == 32 and offset + length <= len(data)
        sizes.add(width or 256)
    assert {16, 32, 48, 256} <= sizes


def test_macos_icon_is_an_icns_file():
    data = (ROOT / "assets" / "icon.icns").read_bytes()
    magic, length = struct.unpack_from(">4sI", data)
    assert magic == b"icns" and length == len(data)
    assert b"ic10" in data  # 1024 px (512 @2x)


@pytest.fixture(scope="module")
def excluded() -> list[str]:
    return spec_part("EXCLUDES")["EXCLUDES"]


def test_sqlite3_is_not_excluded(excluded):
    assert "sqlite3" not in excluded and "_sqlite3" not in excluded


def _is_excluded(module: str, excluded: list[str]) -> bool:
    return any(module == name or module.startswith(name + ".") for name in excluded)


def test_the_app_uses_nothing_the_bundle_leaves_out(excluded):
    """An import (or a `pygame.X` attribute) in game/ or engines/ of a module the spec excludes
    would work from source and fail only in the bundle."""
    problems = []
    for path in sorted([*(ROOT / "game").rglob("*.py"), *(ROOT / "engines").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            used = []
            if isinstance(node, ast.Import):
                used = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                used = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "pygame"
            ):
                used = [f"pygame.{node.attr}"]
            for module in used:
                if _is_excluded(module, excluded):
                    where = f"{path.relative_to(ROOT)}:{node.lineno}"
                    problems.append(f"{where} uses {module}")
    assert not problems, (
        "build/cardtable.spec excludes modules the app uses (delete them from EXCLUDES):\n"
        + "\n".join(problems)
    )


BLOCKED_IMPORT = """
import importlib, pkgutil, sys
for name in {excluded!r}:
    assert name not in sys.modules, name
    sys.modules[name] = None  # as if missing: `import name` fails, find_spec(name) is None
import engines, game
for package in (engines, game):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
import pygame
pygame.display.init()
pygame.font.init()
pygame.image.load({icon!r})
print("ok")
"""


def test_every_module_imports_without_the_excluded_ones(excluded):
    """As in the bundle: import every game.* and engines.* module with the excluded modules gone
    (catches a standard-library module that needs one of them, e.g. importlib.metadata -> email)."""
    code = BLOCKED_IMPORT.format(excluded=excluded, icon=str(ROOT / "assets" / "icon.png"))
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0 and result.stdout.strip().endswith("ok"), result.stderr[-3000:]


def test_spec_reads_the_version_from_pyproject():
    source = SPEC.read_text(encoding="utf-8")
    assert "tomllib" in source and '["project"]["version"]' in source
