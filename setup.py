"""Compile the message catalogs (``.po`` -> ``.mo``) into the build, so the wheel ships them.

Everything else is declared in ``pyproject.toml``. An editable install or a checkout needs no
``.mo``: :mod:`companion.installation.i18n` compiles a missing or outdated one in memory from its ``.po``.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """``build_py`` that also writes ``companion/locale/<lang>/LC_MESSAGES/*.mo`` into the build."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # the source tree is used as it is (see companion.installation.i18n)
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path("companion/locale").glob("*/LC_MESSAGES/*.po"):
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source)
            with target.open("wb") as out:
                write_mo(out, catalog)


setup(cmdclass={"build_py": BuildWithCatalogs})
