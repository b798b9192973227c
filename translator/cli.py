"""`cu2amd`: the click group of cu2amd's own subcommands.

Each subcommand lives in its own module (`cmd_<name>.py`); this file only assembles them.
The nvcc-compatible driver is a separate entry point (`cu2amd-nvcc`) with its own argv
parser, as nvcc's options do not follow click's conventions.
"""

from __future__ import annotations

import click

from cu2amd import __version__
from cu2amd.translator.cmd_doctor import doctor
from cu2amd.translator.cmd_inspect import inspect_cmd
from cu2amd.translator.cmd_ptx import ptx
from cu2amd.translator.cmd_report import report
from cu2amd.translator.cmd_toolkit import cmake_toolchain_cmd, toolkit_dir_cmd


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cu2amd")
def cli() -> None:
    """cu2amd compiles CUDA and PTX for AMD GPUs.

    AMD targets are chosen with --offload-arch (e.g. gfx942,gfx1100) or the
    CU2AMD_OFFLOAD_ARCH environment variable.
    """


cli.add_command(ptx)
cli.add_command(inspect_cmd)
cli.add_command(doctor)
cli.add_command(toolkit_dir_cmd)
cli.add_command(cmake_toolchain_cmd)
cli.add_command(report)


def main() -> None:
    cli(prog_name="cu2amd")


if __name__ == "__main__":
    main()
