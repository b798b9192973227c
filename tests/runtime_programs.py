"""What the runtime-API group tests (tests/test_runtime_api_*.py) share: each group is one
self-checking CUDA program, built and run on the host platform, then compiled and linked
for gfx942 against libamdhip64 where it is installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# The libraries of the library-management programs (test_runtime_api_library.py,
# test_driver_api_library.py): a kernel and two globals (one managed); each test adds its
# own second kernel.
LIBRARY_SCALE_PTX = """
.version 7.0
.target sm_80
.address_size 64

.visible .global .align 4 .u32 counter = 5;
.visible .global .attribute(.managed) .align 8 .u64 shared_total = 40;

.visible .entry scale(.param .u64 data, .param .f32 factor, .param .u32 n)
{
  .reg .pred %p;
  .reg .b32 %r<4>;
  .reg .f32 %f<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [data];
  ld.param.f32 %f1, [factor];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p, %r2, %r1;
  @%p bra DONE;
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.f32 %f2, [%rd3];
  mul.f32 %f2, %f2, %f1;
  st.global.f32 [%rd3], %f2;
  atom.global.add.u32 %r3, [counter], 1;
  atom.global.add.u64 %rd3, [shared_total], 2;
DONE:
  ret;
}
"""

# The OpenGL interop programs' kernels and their GL context: a headless EGL one (Mesa's
# surfaceless platform); make_context() says why when there is none (the test skips).
GL_KERNELS_AND_CONTEXT = r"""
__global__ void twice_plus_one(float *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = p[i] * 2.0f + 1.0f;
}
__global__ void store(float *p, int n, float scale) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = scale * i;
}
__global__ void add_one(int *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] += 1;
}

static const char *make_context() {
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    if (!get_display) return "no eglGetPlatformDisplayEXT";
    EGLDisplay d = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    EGLint major, minor;
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, &major, &minor)) return "no surfaceless EGL display";
    if (!eglBindAPI(EGL_OPENGL_API)) return "no desktop OpenGL in EGL";
    EGLint attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    eglChooseConfig(d, attrs, &config, 1, &n);
    EGLContext c = eglCreateContext(d, n ? config : (EGLConfig)0, EGL_NO_CONTEXT, NULL);
    if (c == EGL_NO_CONTEXT) return "no EGL context";
    if (!eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) return "EGL context not made current";
    return NULL;
}
"""


def nvcc(*args: str, arch: str = "sm_80") -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", f"-arch={arch}", *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def run_on_host(
    source: Path, tmp_path: Path, name: str, arch: str = "sm_80"
) -> subprocess.CompletedProcess[str]:
    """Build `source` for the host platform and run it; it must print `<name>: PASSED`."""
    exe = tmp_path / name
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source), arch=arch)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert "FAILED" not in run.stdout, run.stdout
    assert run.returncode == 0 and run.stdout.endswith(f"{name}: PASSED\n"), run.stdout + run.stderr
    return run


def link_for_gfx942(source: Path, tmp_path: Path, name: str, arch: str = "sm_80") -> str:
    """Compile `source` for gfx942, then (skipping where libamdhip64 is not installed) link
    it; returns the HIP functions the program imports (`nm -D -u`)."""
    from cu2amd.amdgpu.toolchain import discover
    from cu2amd.errors import Cu2amdError

    obj = tmp_path / f"{name}.o"
    proc = nvcc("--offload-arch=gfx942", "-c", "-o", str(obj), str(source), arch=arch)
    assert proc.returncode == 0, proc.stderr
    try:
        discover().libamdhip64()
    except Cu2amdError:
        pytest.skip("libamdhip64 is not installed: compiled, not linked")
    exe = tmp_path / f"{name}_gfx942"
    proc = nvcc("--offload-arch=gfx942", "-o", str(exe), str(source), arch=arch)
    assert proc.returncode == 0, proc.stderr
    return subprocess.run(["nm", "-D", "-u", str(exe)], capture_output=True, text=True).stdout


# The OpenGL interop programs link GL and EGL (Debian's libgl-dev, libegl-dev).
GL_LIBS = ("-lGL", "-lEGL")
GL_HEADERS = (Path("/usr/include/EGL/egl.h"), Path("/usr/include/GL/gl.h"))
GL_LIBRARIES = (
    Path("/usr/lib/x86_64-linux-gnu/libGL.so"),
    Path("/usr/lib/x86_64-linux-gnu/libEGL.so"),
)


def have_gl_dev() -> bool:
    return all(p.is_file() for p in (*GL_HEADERS, *GL_LIBRARIES))


def run_or_skip(exe: Path, name: str) -> None:
    """Run a self-checking program: it must print `<name>: PASSED`, or exit 77 saying
    SKIPPED (no GL context), which skips the test."""
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False, timeout=300)
    if run.returncode == 77 and "SKIPPED" in run.stdout:
        pytest.skip(run.stdout.strip())
    assert "FAILED" not in run.stdout, run.stdout + run.stderr
    assert run.returncode == 0 and run.stdout.endswith(f"{name}: PASSED\n"), run.stdout + run.stderr
