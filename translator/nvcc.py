"""`cu2amd-nvcc`: the nvcc-compatible compiler driver.

    cu2amd-nvcc -O3 -arch=sm_80 --offload-arch=gfx942,gfx1100 -o app app.cu
    cu2amd-nvcc -O3 --offload-arch=host -o app app.cu && ./app

Options follow nvcc (translator/options.py); AMD targets come from --offload-arch, then
CU2AMD_OFFLOAD_ARCH, then the GPUs of this machine; `host` builds for the host platform
(the program runs on this CPU).
"""

from __future__ import annotations

import os
import sys
import traceback

from cu2amd.errors import Cu2amdError
from cu2amd.translator import toolkit
from cu2amd.translator.driver import Driver, version_text
from cu2amd.translator.nvcc_config import configure
from cu2amd.translator.options import expand_argv, help_text, parse


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        parsed = parse(expand_argv(args))
        if parsed.has("help"):
            sys.stdout.write(help_text())
            return 0
        if parsed.has("version"):
            sys.stdout.write(version_text())
            return 0
        if parsed.has("verbose"):
            flavour = toolkit.flavour_of(parsed.last("offload-arch"))
            sys.stderr.write(toolkit.verbose_environment(flavour))
        driver = Driver(configure(parsed))
        driver.plan()
        return driver.execute()
    except Cu2amdError as err:
        print(f"cu2amd-nvcc: {err.render()}", file=sys.stderr)
        return 1 if err.exit_code == 2 else err.exit_code
    except KeyboardInterrupt:
        return 130
    except Exception as err:
        if os.environ.get("CU2AMD_TRACEBACK"):
            traceback.print_exc()
        print(
            f"cu2amd-nvcc: internal error: {type(err).__name__}: {err} (this is a bug in "
            "cu2amd; set CU2AMD_TRACEBACK=1 for the traceback)",
            file=sys.stderr,
        )
        return 70


if __name__ == "__main__":
    sys.exit(main())
