"""cu2amd: compile CUDA (CUDA C++ with inline PTX, standalone PTX) for AMD GPUs.

The distribution is one package whose subpackages live in top-level folders of the
repository (see pyproject.toml): translator, frontend, ptx_lowering, amdgpu, runtime_shim.
"""

__version__ = "0.1.0.dev0"
