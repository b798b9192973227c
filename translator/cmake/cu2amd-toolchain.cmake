# cu2amd's CMake toolchain file: an unchanged CUDA project (`project(app LANGUAGES CXX
# CUDA)`) builds for AMD GPUs, or for cu2amd's host platform, with cu2amd-nvcc as CMake's
# CUDA compiler.
#
#   cmake -S . -B build -DCMAKE_TOOLCHAIN_FILE="$(cu2amd cmake-toolchain)" \
#         -DCU2AMD_OFFLOAD_ARCH=gfx942          # or gfx942;gfx1100, or host
#
# CU2AMD_OFFLOAD_ARCH (a -D option or the environment variable) names the targets: AMD
# GPUs (gfx90a, gfx942, gfx1100, ...) or `host` (the program runs on this CPU).
# CMAKE_CUDA_ARCHITECTURES keeps its CUDA meaning: it selects __CUDA_ARCH__ only.
# find_package(CUDAToolkit) finds a CUDA-toolkit-shaped directory made by
# `cu2amd toolkit-dir`: CUDA::cudart and CUDA::cuda_driver link cu2amd's runtime.

if(NOT DEFINED CU2AMD_OFFLOAD_ARCH OR CU2AMD_OFFLOAD_ARCH STREQUAL "")
  set(CU2AMD_OFFLOAD_ARCH "$ENV{CU2AMD_OFFLOAD_ARCH}")
endif()
if(CU2AMD_OFFLOAD_ARCH STREQUAL "")
  message(FATAL_ERROR
    "cu2amd: no target: pass -DCU2AMD_OFFLOAD_ARCH=gfx942 (AMD GPUs, several with ';' or "
    "','), or -DCU2AMD_OFFLOAD_ARCH=host for the host platform")
endif()
string(REPLACE ";" "," _cu2amd_archs "${CU2AMD_OFFLOAD_ARCH}")
set(CU2AMD_OFFLOAD_ARCH "${CU2AMD_OFFLOAD_ARCH}" CACHE STRING "cu2amd targets (gfx942, host, ...)")
# Try-compile projects and configure-time probes of the compiler see the targets too.
set(ENV{CU2AMD_OFFLOAD_ARCH} "${_cu2amd_archs}")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CU2AMD_OFFLOAD_ARCH CU2AMD_NVCC)

if(NOT CU2AMD_NVCC)
  find_program(CU2AMD_NVCC cu2amd-nvcc)
endif()
if(NOT CU2AMD_NVCC)
  message(FATAL_ERROR
    "cu2amd: cu2amd-nvcc is not on PATH: activate the environment cu2amd is installed in, "
    "or pass -DCU2AMD_NVCC=/path/to/cu2amd-nvcc")
endif()
set(CMAKE_CUDA_COMPILER "${CU2AMD_NVCC}")
set(CMAKE_CUDA_FLAGS_INIT "--offload-arch=${_cu2amd_archs}")

# The toolkit directory for find_package(CUDAToolkit) and tools that read CUDA_PATH.
get_filename_component(_cu2amd_bin "${CU2AMD_NVCC}" DIRECTORY)
find_program(_CU2AMD_CLI cu2amd HINTS "${_cu2amd_bin}" NO_DEFAULT_PATH)
if(NOT _CU2AMD_CLI)
  find_program(_CU2AMD_CLI cu2amd)
endif()
execute_process(
  COMMAND "${_CU2AMD_CLI}" toolkit-dir "--offload-arch=${_cu2amd_archs}"
  OUTPUT_VARIABLE _cu2amd_toolkit OUTPUT_STRIP_TRAILING_WHITESPACE
  ERROR_VARIABLE _cu2amd_toolkit_error RESULT_VARIABLE _cu2amd_status)
if(NOT _cu2amd_status EQUAL 0)
  message(FATAL_ERROR "cu2amd: `cu2amd toolkit-dir` failed: ${_cu2amd_toolkit_error}")
endif()
set(CUDAToolkit_ROOT "${_cu2amd_toolkit}")
set(ENV{CUDA_PATH} "${_cu2amd_toolkit}")
