"""`cu2amd doctor`: every part of the toolchain cu2amd looks for, whether it was found, its
version and location, and the command that installs what is missing.

Exit status 0 when everything the embedded default (a pip install alone) needs is present,
1 otherwise; the last line says which. `--json` prints the same facts for scripts.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

import click

from cu2amd.amdgpu.targets import known_target_names
from cu2amd.amdgpu.toolchain import ROLES, Component, Group, Role, Toolchain, discover
from cu2amd.translator.clitools import report_errors

_NAME_WIDTH = 26
_VERSION_WIDTH = 13
_SOURCE_WIDTH = 9


@click.command("doctor")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@report_errors()
def doctor(as_json: bool) -> None:
    """Show the toolchain cu2amd found and the commands that install what is missing."""
    toolchain = discover().with_versions()
    if as_json:
        click.echo(json.dumps(doctor_json(toolchain), indent=2))
    else:
        click.echo("\n".join(doctor_lines(toolchain)))
    click.get_current_context().exit(1 if toolchain.missing_required() else 0)


def doctor_lines(toolchain: Toolchain) -> list[str]:
    lines = [f"cu2amd doctor: searched {toolchain.searched()}"]
    for group in Group:
        lines.append("")
        lines.append(f"{group.value}:")
        for role in _roles(group):
            lines.extend(_component_line(toolchain, c) for c in toolchain.candidates(role))
            if role is Role.DEVICE_LIBS and toolchain.selected(role):
                lines.extend(_oclc_lines(toolchain))
    lines.append("")
    lines.append(_verdict(toolchain))
    return lines


def doctor_json(toolchain: Toolchain) -> dict[str, Any]:
    missing = toolchain.missing_required()
    return {
        "ok": not missing,
        "missing_required": [c.role.value for c in missing],
        "search_order": list(toolchain.sources),
        "rocm_path": str(toolchain.rocm_path),
        "llvm": {"version": toolchain.llvm_version, "targets": sorted(toolchain.llvm_targets)},
        "oclc_isa_versions": list(toolchain.oclc_isa_versions),
        "oclc_isa_versions_generated": list(_generated(toolchain)),
        "components": [
            {
                **asdict(c),
                "group": ROLES[c.role].group.value,
                "selected": c is toolchain.selected(c.role),
            }
            for group in Group
            for role in _roles(group)
            for c in toolchain.candidates(role)
        ],
    }


def _roles(group: Group) -> list[Role]:
    return [role for role in Role if ROLES[role].group is group]


def _component_line(toolchain: Toolchain, component: Component) -> str:
    if not component.found:
        status, version, source = "missing", "-", "-"
        where = f"install: {component.install_hint}"
    else:
        status = "found" if component is toolchain.selected(component.role) else "also"
        version, source = component.version or "?", component.source
        where = " ".join(component.command) if component.command else str(component.location)
    return (
        f"  {status:<8}{component.name:<{_NAME_WIDTH}} {version:<{_VERSION_WIDTH}} "
        f"{source:<{_SOURCE_WIDTH}}{where}"
    )


def _oclc_lines(toolchain: Toolchain) -> list[str]:
    indent = " " * 10
    have = toolchain.oclc_isa_versions
    lines = [
        f"{indent}oclc_isa_version_*.bc for {len(have)} processors"
        + (f" ({have[0]} ... {have[-1]})" if have else "")
    ]
    generated = _generated(toolchain)
    if generated:
        lines.append(f"{indent}cu2amd generates the oclc libraries for: {', '.join(generated)}")
    return lines


def _generated(toolchain: Toolchain) -> tuple[str, ...]:
    """The target-table processors whose oclc_isa_version library is not installed."""
    have = set(toolchain.oclc_isa_versions)
    return tuple(name for name in known_target_names() if name not in have)


def _verdict(toolchain: Toolchain) -> str:
    missing = toolchain.missing_required()
    if not missing:
        return "cu2amd doctor: ok: everything the embedded default needs is present"
    names = ", ".join(c.name for c in missing)
    return f"cu2amd doctor: not ok: the embedded default needs {names} (install commands above)"
