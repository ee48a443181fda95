"""engines/ is pure rules: it never imports pygame or the app (game/), so it runs anywhere."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ROOT / "engines"
FORBIDDEN = ("pygame", "game")


def _forbidden(module: str) -> bool:
    top = module.split(".")[0]
    return top in FORBIDDEN


def test_no_engine_source_imports_pygame_or_game():
    files = sorted(ENGINES.rglob("*.py"))
    assert ENGINES / "canfield.py" in files and ENGINES / "__init__.py" in files
    offences = []
    for path in files:
        rel = path.relative_to(ROOT)
        depth = len(rel.parts) - 1  # how many packages deep: engines/x.py -> 1
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(rel))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                offences += [f"{rel}: import {a.name}" for a in node.names if _forbidden(a.name)]
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0 and node.module and _forbidden(node.module):
                    offences.append(f"{rel}: from {node.module} import ...")
                elif node.level > depth:
                    offences.append(f"{rel}: relative import reaches outside engines/")
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute | ast.Name)
                and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and _forbidden(node.args[0].value)
            ):
                offences.append(f"{rel}: import_module({node.args[0].value!r})")
    assert offences == []


def test_importing_every_engine_module_loads_no_pygame():
    script = """
import importlib, json, pkgutil, sys
import engines
names = sorted(m.name for m in pkgutil.walk_packages(engines.__path__, "engines."))
for name in names:
    importlib.import_module(name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "game"))
print(json.dumps({"modules": names, "loaded": loaded}))
"""
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert "engines.canfield" in report["modules"]
    assert report["loaded"] == []


def test_importing_the_card_basics_builds_no_game():
    """Start-up imports engines.cards for the card art; the games' move tables wait for GAMES."""
    import subprocess
    import sys

    code = (
        "import sys, engines.cards; assert 'engines.canals' not in sys.modules; "
        "import engines; assert set(engines.GAMES) >= {'canals', 'canfield'}"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
