"""Reading the files in deploy/ as systemd and the installer read them."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

DEPLOY = Path(__file__).parent.parent / "deploy"
UNIT = DEPLOY / "table-companion.service"


def unit_settings(path: Path = UNIT) -> dict[str, dict[str, list[str]]]:
    """Section -> key -> every value the unit gives it, in order (systemd's syntax, no continuation
    lines: the unit has none)."""
    sections: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    section = ""
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        sections[section][key].append(value)
    return sections


def installer_setting(name: str) -> str:
    """A ``readonly NAME=value`` of deploy/install.sh, with $VAR references expanded."""
    text = (DEPLOY / "install.sh").read_text()
    values = dict(re.findall(r"^readonly (\w+)=(\S+)$", text, flags=re.MULTILINE))
    return re.sub(r"\$(\w+)", lambda m: values[m.group(1)], values[name])
