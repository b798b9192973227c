"""`cu2amd`: the click group of cu2amd's own subcommands.

Each subcommand lives in its own module (`cmd_<name>.py`); this file only assembles them.
The nvcc-compatible driver is a separate entry point (`cu2amd-nvcc`) with its own argv
parser, as nvcc's options do not follow click's conventions.
"""

from __future__ import annotations

import importlib

import click

from cu2amd import __version__

# name -> (module, attribute): a subcommand's module is imported when the subcommand runs
# (or --help lists it), so `cu2amd ptx` does not start by importing the report's analysis
# or numpy.
_COMMANDS = {
    "cmake-toolchain": ("cu2amd.translator.cmd_toolkit", "cmake_toolchain_cmd"),
    "doctor": ("cu2amd.translator.cmd_doctor", "doctor"),
    "inspect": ("cu2amd.translator.cmd_inspect", "inspect_cmd"),
    "ptx": ("cu2amd.translator.cmd_ptx", "ptx"),
    "report": ("cu2amd.translator.cmd_report", "report"),
    "toolkit-dir": ("cu2amd.translator.cmd_toolkit", "toolkit_dir_cmd"),
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in _COMMANDS:
            return None
        module, attribute = _COMMANDS[cmd_name]
        command: click.Command = getattr(importlib.import_module(module), attribute)
        return command


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cu2amd")
def cli() -> None:
    """cu2amd compiles CUDA and PTX for AMD GPUs.

    AMD targets are chosen with --offload-arch (e.g. gfx942,gfx1100) or the
    CU2AMD_OFFLOAD_ARCH environment variable.
    """


def main() -> None:
    cli(prog_name="cu2amd")


if __name__ == "__main__":
    main()
