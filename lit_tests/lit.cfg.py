# lit configuration for cu2amd's FileCheck tests. Run through pytest (tests/test_lit.py)
# or directly: `python -m lit -v lit_tests`.
# ruff: noqa: F821  (lit injects `config` and `lit_config`)

import os
import shutil
import sys

import lit.formats

config.name = "cu2amd"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ptx", ".test", ".ll", ".cu"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, "Output")

# The interpreter running lit is the one cu2amd is installed in: its scripts (cu2amd,
# filecheck) come first on PATH.
bindir = os.path.dirname(sys.executable)
config.environment["PATH"] = os.pathsep.join([bindir, os.environ.get("PATH", "")])
for var in ("HOME", "XDG_CACHE_HOME", "ROCM_PATH", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
for var, value in os.environ.items():
    if var.startswith("CU2AMD_"):
        config.environment[var] = value

config.substitutions.append(("%python", sys.executable))
config.substitutions.append(
    ("%examples", os.path.join(os.path.dirname(config.test_source_root), "examples"))
)
filecheck = shutil.which("filecheck", path=config.environment["PATH"])
if filecheck is None:
    lit_config.fatal("the 'filecheck' command is missing: pip install filecheck")
config.substitutions.append(("FileCheck", filecheck))

# Optional tools, for `REQUIRES:` lines.
for feature, tool in [
    ("clang-offload-bundler", "clang-offload-bundler-19"),
    ("ptxas", "ptxas"),
    ("nvcc", "nvcc"),
    ("cmake", "cmake"),
    ("chromium", "chromium"),
]:
    found = shutil.which(tool) or shutil.which(feature)
    if found:
        config.available_features.add(feature)
        config.substitutions.append((f"%{feature}", found))

# An llvm-objdump that knows gfx942 and gfx1100 (LLVM 19 or newer).
for version in (22, 21, 20, 19):
    objdump = shutil.which(f"llvm-objdump-{version}")
    if objdump:
        config.available_features.add("llvm-objdump")
        config.substitutions.append(("%llvm-objdump", objdump))
        break
