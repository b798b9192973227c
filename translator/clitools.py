"""Shared pieces of cu2amd's own subcommands: error reporting without tracebacks."""

from __future__ import annotations

import functools
import os
import sys
import traceback
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import click

from cu2amd.errors import Cu2amdError

P = ParamSpec("P")
R = TypeVar("R")

INTERNAL_ERROR_EXIT = 70  # EX_SOFTWARE


def report_errors(
    fn: Callable[P, R] | None = None,
) -> Callable[P, R] | Callable[..., Callable[P, R]]:
    """Turn a Cu2amdError escaping a command into a diagnostic on stderr and its exit code.

    Any other exception is a bug in cu2amd: one line saying so (the traceback with
    CU2AMD_TRACEBACK=1), exit 70. Use as `@report_errors` or `@report_errors()`.
    """
    if fn is None:
        return report_errors

    @functools.wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except Cu2amdError as err:
            click.echo(err.render(), err=True)
            sys.exit(err.exit_code)
        except (click.exceptions.Exit, click.ClickException, KeyboardInterrupt):
            raise
        except Exception as err:
            if os.environ.get("CU2AMD_TRACEBACK"):
                traceback.print_exc()
            click.echo(
                f"cu2amd: internal error: {type(err).__name__}: {err} "
                "(this is a bug in cu2amd; set CU2AMD_TRACEBACK=1 for the traceback)",
                err=True,
            )
            sys.exit(INTERNAL_ERROR_EXIT)

    return run
