"""CUDA's device intrinsics other than warp collectives and atomics: the Math API's
single and double precision intrinsics (with CUDA's documented error next to HIP's),
integer intrinsics and type casting intrinsics (these in the device math group, as the
Math API lists them), and the Programming Guide's device functions
(memory fences, cache-hinted loads and stores, time, printf/assert/trap, address spaces,
textures and surfaces). SIMD intrinsics are in simd.py.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables import impl_texture
from cu2amd.runtime_shim.tables.build import NOT_YET, Impl, Table, names
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Kind, Status

FLOAT_INTRINSICS = "Single Precision Intrinsics"
DOUBLE_INTRINSICS = "Double Precision Intrinsics"

# name | CUDA's maximum error | HIP's (measured, see math.py) | ROCm counterpart
_ULP_TABLE = """
__cosf        | 2^-21.19 abs for x in [-pi, pi] | 4 | __ocml_native_cos_f32
__exp10f      | 2 + floor(abs(2.95 * x)) | 18 | __ocml_native_exp10_f32
__expf        | 2 + floor(abs(1.173 * x)) | 6 | __ocml_native_exp_f32
__fadd_rd     | 0 | - | __ocml_add_rtn_f32
__fadd_rn     | 0 | 0 | fadd
__fadd_ru     | 0 | - | __ocml_add_rtp_f32
__fadd_rz     | 0 | - | __ocml_add_rtz_f32
__fdiv_rd     | 0 | - | __ocml_div_rtn_f32
__fdiv_rn     | 0 | 0 | fdiv
__fdiv_ru     | 0 | - | __ocml_div_rtp_f32
__fdiv_rz     | 0 | - | __ocml_div_rtz_f32
__fdividef    | 2 for abs(y) in [2^-126, 2^126] | - | __ocml_native_divide_f32
__fmaf_ieee_rd | 0 | - | __ocml_fma_rtn_f32
__fmaf_ieee_rn | 0 | 0 | llvm.fma.f32
__fmaf_ieee_ru | 0 | - | __ocml_fma_rtp_f32
__fmaf_ieee_rz | 0 | - | __ocml_fma_rtz_f32
__fmaf_rd     | 0 | - | __ocml_fma_rtn_f32
__fmaf_rn     | 0 | 0 | llvm.fma.f32
__fmaf_ru     | 0 | - | __ocml_fma_rtp_f32
__fmaf_rz     | 0 | - | __ocml_fma_rtz_f32
__fmul_rd     | 0 | - | __ocml_mul_rtn_f32
__fmul_rn     | 0 | 0 | fmul
__fmul_ru     | 0 | - | __ocml_mul_rtp_f32
__fmul_rz     | 0 | - | __ocml_mul_rtz_f32
__frcp_rd     | 0 | - | __ocml_div_rtn_f32
__frcp_rn     | 0 | 0 | fdiv
__frcp_ru     | 0 | - | __ocml_div_rtp_f32
__frcp_rz     | 0 | - | __ocml_div_rtz_f32
__frsqrt_rn   | 0 | 1 | __ocml_rsqrt_f32
__fsqrt_rd    | 0 | - | __ocml_sqrt_rtn_f32
__fsqrt_rn    | 0 | 1 | __ocml_sqrt_f32
__fsqrt_ru    | 0 | - | __ocml_sqrt_rtp_f32
__fsqrt_rz    | 0 | - | __ocml_sqrt_rtz_f32
__fsub_rd     | 0 | - | __ocml_sub_rtn_f32
__fsub_rn     | 0 | 0 | fsub
__fsub_ru     | 0 | - | __ocml_sub_rtp_f32
__fsub_rz     | 0 | - | __ocml_sub_rtz_f32
__log10f      | 2^-24 abs for x in [0.5, 2], else 3 | 2 | __ocml_native_log10_f32
__log2f       | 2^-22 abs for x in [0.5, 2], else 2 | 1 | __ocml_native_log2_f32
__logf        | 2^-21.41 abs for x in [0.5, 2], else 3 | 2 | __ocml_native_log_f32
__powf        | from exp2f(y * __log2f(x)) | 1 | __ocml_pow_f32
__saturatef   | 0 | 0 | llvm.minnum/maxnum
__sincosf     | as __sinf and __cosf | sin 18, cos 4 | __ocml_native_sin_f32, __ocml_native_cos_f32
__sinf        | 2^-21.41 abs for x in [-pi, pi] | 18 | __ocml_native_sin_f32
__tanf        | from __sinf(x) / __cosf(x) | 1 | __ocml_tan_f32
__tanhf       | 2^-11 relative (PTX tanh.approx.f32) | 2 | __ocml_tanh_f32 (tanhf)
"""
_DOUBLE_OPS = "__dadd __ddiv __dmul __drcp __dsqrt __dsub __fma"
_ROUNDED = (
    "cu2amd/math_intrinsics.h: exact, from the round-to-nearest result and its exact error "
    "(HIP needs OCML_BASIC_ROUNDED_OPERATIONS for it)"
)
_NOT_DECLARED: set[str] = set()  # in CUDA's table, not yet in cu2amd's headers


def _ulp(text: str) -> str:
    return "" if text == "-" else text


def _intrinsic(
    name: str, section: str, rocm: str, note: str, cuda_ulp: str, rocm_ulp: str
) -> ApiRow:
    status = Status.UNSUPPORTED if name in _NOT_DECLARED else Status.SUPPORTED
    if status is Status.UNSUPPORTED:
        note = NOT_YET
    return ApiRow(name, Group.DEVICE_MATH, Kind.FUNCTION, section, status, rocm, note,
                  cuda_ulp, rocm_ulp)  # fmt: skip


_OWN = "cu2amd/math_intrinsics.h (correctly rounded in the mode its suffix names)"


def _math_intrinsics() -> list[ApiRow]:
    """The rounding-mode intrinsics (`_rn _rz _ru _rd`) are cu2amd's own exact code, so
    OCML's figures do not apply to them; the fast ones call OCML's native functions."""
    from cu2amd.runtime_shim.tables.math import accuracy_note

    rows = []
    for line in _ULP_TABLE.strip().splitlines():
        name, cuda_ulp, rocm_ulp, rocm = (cell.strip() for cell in line.split("|"))
        cuda_ulp, rocm_ulp = _ulp(cuda_ulp), _ulp(rocm_ulp)
        if name[-3:] in ("_rd", "_ru", "_rz", "_rn"):
            note = _ROUNDED if name[-3:] != "_rn" else ""
            rows.append(_intrinsic(name, FLOAT_INTRINSICS, _OWN, note, cuda_ulp, ""))
        else:
            note = accuracy_note(cuda_ulp, rocm_ulp)
            rows.append(_intrinsic(name, FLOAT_INTRINSICS, rocm, note, cuda_ulp, rocm_ulp))
    for op in _DOUBLE_OPS.split():
        for mode in ("rd", "rn", "ru", "rz"):
            note = _ROUNDED if mode != "rn" else ""
            rows.append(_intrinsic(f"{op}_{mode}", DOUBLE_INTRINSICS, _OWN, note, "0", ""))
    return rows


_INTEGER_INTRINSICS = """
    __brev __brevll __byte_perm __clz __clzll __dp2a_hi __dp2a_lo __dp4a __ffs __ffsll __fns
    __funnelshift_l __funnelshift_lc __funnelshift_r __funnelshift_rc __hadd __mul24 __mul64hi
    __mulhi __popc __popcll __rhadd __sad __uhadd __umul24 __umul64hi __umulhi __urhadd __usad
"""
_INTEGER_IMPL = "cu2amd/integer_intrinsics.h (clang builtins: llvm.ctpop, llvm.fshl ...)"
_CASTS = """
    __double2float_{rd,rn,ru,rz} __double2hiint __double2int_{rd,rn,ru,rz}
    __double2ll_{rd,rn,ru,rz} __double2loint __double2uint_{rd,rn,ru,rz}
    __double2ull_{rd,rn,ru,rz} __double_as_longlong __float2int_{rd,rn,ru,rz}
    __float2ll_{rd,rn,ru,rz} __float2uint_{rd,rn,ru,rz} __float2ull_{rd,rn,ru,rz}
    __float_as_int __float_as_uint __hiloint2double __int2double_rn __int2float_{rd,rn,ru,rz}
    __int_as_float __ll2double_{rd,rn,ru,rz} __ll2float_{rd,rn,ru,rz} __longlong_as_double
    __uint2double_rn __uint2float_{rd,rn,ru,rz} __uint_as_float __ull2double_{rd,rn,ru,rz}
    __ull2float_{rd,rn,ru,rz}
"""
_CAST_IMPL = {
    "as": "__builtin_bit_cast (cu2amd/cast_intrinsics.h)",
    "to_int": (
        "cu2amd/cast_intrinsics.h: exact rounding in the mode, saturating as PTX cvt "
        "(NaN: 0 for 32-bit from float, else only the top bit set)"
    ),
    "to_float": (
        "cu2amd/cast_intrinsics.h: the nearest value, stepped one ulp toward the exact "
        "value when the mode asks (exact integer comparison)"
    ),
}


def _cast_impl(name: str) -> Impl:
    if name[-3:] not in ("_rd", "_rn", "_ru", "_rz"):
        return Impl(_CAST_IMPL["as"])
    to_float = name.split("2")[1].startswith(("float", "double"))
    return Impl(_CAST_IMPL["to_float" if to_float else "to_int"])


IMPL = {
    **{name: Impl(_INTEGER_IMPL) for name in names(_INTEGER_INTRINSICS)},
    **{name: _cast_impl(name) for name in names(_CASTS)},
    "__hadd": Impl(
        _INTEGER_IMPL,
        note="the integer average; the fp16/bf16 __hadd is cuda_fp16.h/cuda_bf16.h's",
    ),
    "__threadfence": Impl('__builtin_amdgcn_fence(seq_cst, "agent")'),
    "__threadfence_block": Impl('__builtin_amdgcn_fence(seq_cst, "workgroup")'),
    "__threadfence_system": Impl("__atomic_thread_fence(seq_cst)"),
    "__trap": Impl(
        "__builtin_trap (s_trap 2); host platform: the runtime's __cu2amd_trap",
        Status.EMULATED,
        "host platform: the kernel stops and the launch fails with cudaErrorLaunchFailure, "
        "sticky as in CUDA; AMD GPUs: ROCm's runtime treats the trap as a fatal error (the "
        "process aborts instead of the launch reporting cudaErrorLaunchFailure)",
    ),
    **{
        name: Impl(
            "a plain load (cu2amd/memory_intrinsics.h): AMD GPUs have no separate "
            "read-only data path; the values are the same"
        )
        for name in names("__ldg __ldca __ldcg __ldcs __ldcv __ldlu")
    },
    **{
        name: Impl("a plain store (cu2amd/memory_intrinsics.h)")
        for name in names("__stcg __stcs __stwb __stwt")
    },
    **{
        name: Impl(
            "__builtin_readcyclecounter (s_memtime / SHADER_CYCLES; host: the time-stamp counter)",
            Status.EMULATED,
            "counts its own counter's ticks, not SM clocks: differences measure elapsed "
            "time, not cycles of the GPU's clock",
        )
        for name in ("clock", "clock64")
    },
    "printf": Impl(
        "clang's AMDGPU printf lowering (ockl hostcall); host platform: runtime_shim/host/printf.c"
    ),
    "__nanosleep": Impl(
        "s_sleep loop (cu2amd/device_functions.h); host platform: nanosleep",
        Status.EMULATED,
        "AMD GPUs: s_sleep's 64-clock unit taken as 32 ns, within CUDA's [0, 2*ns] from 1 to "
        "2 GHz; host platform: the whole block sleeps (its threads share one OS thread)",
    ),
    "__isShared": Impl("__builtin_amdgcn_is_shared; host platform: the block's shared memory"),
    "__isLocal": Impl("__builtin_amdgcn_is_private; host platform: the thread's stack"),
    "__isGlobal": Impl(
        "neither shared nor local (cu2amd/memory_intrinsics.h)",
        Status.EMULATED,
        "also 1 for __constant__ variables, which both targets keep in global memory",
    ),
    **{
        name: Impl(
            "addrspacecast (cu2amd/memory_intrinsics.h)",
            note=(
                "AMD GPUs: the 32-bit LDS offset; host platform: the 32-bit offset in the "
                "module's shared window, as inline PTX's cvta and ld.shared take it there"
            )
            if "shared" in name
            else (
                "AMD GPUs: the 32-bit scratch offset; host platform: the generic address, as "
                "inline PTX's cvta and ld.local take it there"
            )
            if "local" in name
            else "",
        )
        for name in names(
            "__cvta_{constant,global,local,shared}_to_generic "
            "__cvta_generic_to_{constant,global,local,shared}"
        )
    },
    "malloc": Impl(
        "__ockl_dm_alloc (as HIP's device malloc); host platform: libc malloc",
        Status.EMULATED,
        "the heap is OCKL's on AMD GPUs and the C library's on the host platform: "
        "cudaDeviceSetLimit(cudaLimitMallocHeapSize) does not size it",
    ),
    "free": Impl("__ockl_dm_dealloc; host platform: libc free"),
    **{
        name: Impl(
            "malloc/free (cu2amd/memory_intrinsics.h)",
            Status.EMULATED,
            "the device heap of malloc and free (see malloc); a failed allocation is a null "
            "pointer; alignments above 16 bytes are served from a larger block",
        )
        for name in ("operator new", "operator new[]", "operator delete", "operator delete[]")
    },
    "memcpy": Impl("__builtin_memcpy"),
    "memset": Impl("__builtin_memset"),
    "assert": Impl(
        "__assert_fail (cu2amd/device_functions.h): CUDA's message, then a trap; host "
        "platform: the runtime's __assertfail",
        Status.EMULATED,
        "host platform: CUDA's message and cudaErrorAssert (sticky, as in CUDA); AMD GPUs: "
        "CUDA's message, then "
        "s_trap, which ROCm's runtime treats as a fatal error (the process aborts instead of "
        "the launch reporting cudaErrorAssert)",
    ),
    "__brkpt": Impl(
        "__builtin_debugtrap (s_trap 3; host platform: int3)",
        Status.EMULATED,
        "AMD GPUs: ignored unless a debugger is attached; host platform: SIGTRAP stops the "
        "program unless a debugger is attached",
    ),
}
NOTES = {
    "__isConstant": (
        "not supported: AMD GPUs (and the host platform) keep __constant__ data in global "
        "memory, so a generic pointer cannot tell it apart (isspacep.const likewise)"
    ),
    "__isGridConstant": (
        "not supported: a __grid_constant__ parameter's address cannot be told from a global "
        "one on AMD GPUs (isspacep.param likewise)"
    ),
    "__prof_trigger": "NVIDIA profiler counters; no ROCm counterpart",
}

IMPL.update(impl_texture.DEVICE)  # texture and surface functions: impl_texture.py
_T = Table(Group.DEVICE_INTRINSIC, IMPL, NOTES)
S = _T.section

S("Integer Intrinsics", _INTEGER_INTRINSICS, rocm=lambda n: n, group=Group.DEVICE_MATH)
S(
    "Type Casting Intrinsics",
    _CASTS,
    rocm=lambda n: n,
    group=Group.DEVICE_MATH,
)
S("Memory Fence Functions", "__threadfence __threadfence_block __threadfence_system")
S("Read-Only Data Cache Load Function", "__ldg", rocm="__builtin_nontemporal_load / plain load")
S("Load Functions Using Cache Hints", "__ldca __ldcg __ldcs __ldcv __ldlu", rocm="plain load")
S("Store Functions Using Cache Hints", "__stcg __stcs __stwb __stwt", rocm="plain store")
S("Time Function", "clock clock64", rocm="__builtin_readcyclecounter / s_memtime")
S("Nanosleep Function", "__nanosleep", rocm="__builtin_amdgcn_s_sleep")
S(
    "Address Space Predicate Functions",
    """
    __isConstant __isGlobal __isGridConstant __isLocal __isShared
""",
    rocm="__builtin_amdgcn_is_shared / is_private",
)
S(
    "Address Space Conversion Functions",
    """
    __cvta_constant_to_generic __cvta_generic_to_constant __cvta_generic_to_global
    __cvta_generic_to_local __cvta_generic_to_shared __cvta_global_to_generic
    __cvta_local_to_generic __cvta_shared_to_generic
""",
    rocm="addrspacecast",
)
S(
    "Dynamic Global Memory Allocation and Operations",
    "free malloc memcpy memset",
    rocm="__ockl_dm_alloc / __ockl_dm_dealloc",
)
for _name in ("operator delete", "operator delete[]", "operator new", "operator new[]"):
    _impl = IMPL[_name]
    _T.add(ApiRow(_name, Group.DEVICE_INTRINSIC, Kind.FUNCTION,
                  "Dynamic Global Memory Allocation and Operations", _impl.status, _impl.rocm,
                  _impl.note))  # fmt: skip
S("Formatted Output", "printf")
S("Assertion", "assert", rocm="__assert_fail")
S("Trap Function", "__trap")
S("Breakpoint Function", "__brkpt", rocm="s_trap 7")
S("Profiler Counter Function", "__prof_trigger", status=Status.NOT_APPLICABLE)
S(
    "Texture Functions",
    """
    tex1D tex1DGrad tex1DLayered tex1DLayeredGrad tex1DLayeredLod tex1DLod tex1Dfetch tex2D
    tex2DGrad tex2DLayered tex2DLayeredGrad tex2DLayeredLod tex2DLod tex2Dgather tex3D
    tex3DGrad tex3DLod texCubemap texCubemapGrad texCubemapLayered texCubemapLayeredGrad
    texCubemapLayeredLod texCubemapLod
""",
    rocm=lambda n: n,
)
S(
    "Surface Functions",
    """
    surf1DLayeredread surf1DLayeredwrite surf1Dread surf1Dwrite surf2DLayeredread
    surf2DLayeredwrite surf2Dread surf2Dwrite surf3Dread surf3Dwrite surfCubemapLayeredread
    surfCubemapLayeredwrite surfCubemapread surfCubemapwrite
""",
    rocm=lambda n: n,
)

ROWS: tuple[ApiRow, ...] = tuple(_math_intrinsics()) + _T.done()
