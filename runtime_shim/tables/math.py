"""The CUDA Math API's standard functions (single and double precision, integer) and the
maximum errors in ulps that CUDA documents next to the ones HIP documents for OCML, which
cu2amd calls on AMD GPUs (the host platform calls libm through LLVM's builtins). A
supported function's note says so when OCML's documented error exceeds CUDA's bound.

CUDA's bounds are from its Programming Guide's accuracy tables (full range unless a range
is given); HIP's from its math API reference, measured against the C++ standard library
on a test range only, so they are indications, not bounds. "" means the document gives
none (HIP does not provide cyl_bessel_i0/i1 at all).
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import names
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Kind, Status

SINGLE = "Single Precision Mathematical Functions"
DOUBLE = "Double Precision Mathematical Functions"
INTEGER = "Integer Mathematical Functions"

# base name (the double function), CUDA f32 | HIP f32 | CUDA f64 | HIP f64. The float
# function is the base name + "f". "-" for no number.
_TABLE = """
acos          | 2 | 1 | 2 | 1
acosh         | 4 | 1 | 3 | 1
asin          | 2 | 2 | 2 | 1
asinh         | 3 | 1 | 3 | 1
atan          | 2 | 2 | 2 | 1
atan2         | 3 | 1 | 2 | 1
atanh         | 3 | 1 | 2 | 1
cbrt          | 1 | 2 | 1 | 1
ceil          | 0 | 0 | 0 | 0
copysign      | 0 | 0 | 0 | 0
cos           | 2 | 1 | 2 | 1
cosh          | 2 | 1 | 1 | 1
cospi         | 1 | 1 | 2 | 2
cyl_bessel_i0 | 6 | - | 6 | -
cyl_bessel_i1 | 6 | - | 6 | -
erf           | 2 | 4 | 2 | 4
erfc          | 4 | 2 | 5 | 2
erfcinv       | 4 | - | 6 | -
erfcx         | 4 | 5 | 4 | 5
erfinv        | 2 | - | 5 | -
exp           | 2 | 1 | 1 | 1
exp10         | 2 | 1 | 1 | 1
exp2          | 2 | 1 | 1 | 1
expm1         | 1 | 1 | 1 | 1
fabs          | 0 | 0 | 0 | 0
fdim          | 0 | 0 | 0 | 0
floor         | 0 | 0 | 0 | 0
fma           | 0 | 0 | 0 | 0
fmax          | 0 | 0 | 0 | 0
fmin          | 0 | 0 | 0 | 0
fmod          | 0 | 0 | 0 | 0
frexp         | 0 | 0 | 0 | 0
hypot         | 3 | 1 | 2 | 1
ilogb         | 0 | 0 | 0 | 0
j0            | 9 for abs(x) < 8 | - | 7 for abs(x) < 8 | -
j1            | 9 for abs(x) < 8 | - | 7 for abs(x) < 8 | -
jn            | - | - | - | -
ldexp         | 0 | 0 | 0 | 0
lgamma        | 6 outside [-10.001, -2.264] | 4 | 4 outside [-23.0001, -2.2637] | 2
llrint        | 0 | 0 | 0 | 0
llround       | 0 | 0 | 0 | 0
log           | 1 | 2 | 1 | 1
log10         | 2 | 2 | 1 | 1
log1p         | 1 | 1 | 1 | 1
log2          | 1 | 1 | 1 | 1
logb          | 0 | 0 | 0 | 0
lrint         | 0 | 0 | 0 | 0
lround        | 0 | 0 | 0 | 0
modf          | 0 | 0 | 0 | 0
nan           | 0 | 0 | 0 | 0
nearbyint     | 0 | 0 | 0 | 0
nextafter     | 0 | 0 | 0 | 0
norm          | - | 1 | - | 1
norm3d        | 3 | 1 | 2 | 1
norm4d        | 3 | 2 | 2 | 2
normcdf       | 5 | - | 5 | -
normcdfinv    | 5 | - | 8 | -
pow           | 4 | 1 | 2 | 1
rcbrt         | 1 | 1 | 1 | 1
remainder     | 0 | 0 | 0 | 0
remquo        | 0 | 0 | 0 | 0
rhypot        | 2 | 1 | 1 | 1
rint          | 0 | 0 | 0 | 0
rnorm         | - | 1 | - | 1
rnorm3d       | 2 | 1 | 1 | 1
rnorm4d       | 2 | 2 | 1 | 1
round         | 0 | 0 | 0 | 0
rsqrt         | 2 | 1 | 1 | 1
scalbln       | 0 | 0 | 0 | 0
scalbn        | 0 | 0 | 0 | 0
sin           | 2 | 1 | 2 | 1
sincos        | 2 | 1 | 2 | 1
sincospi      | 1 | 2 | 2 | 2
sinh          | 3 | 1 | 2 | 1
sinpi         | 1 | 2 | 2 | 2
sqrt          | 0 | 1 | 0 | 1
tan           | 4 | 1 | 2 | 1
tanh          | 2 | 2 | 1 | 1
tgamma        | 5 | 6 | 10 | 6
trunc         | 0 | 0 | 0 | 0
y0            | 9 for abs(x) < 8 | - | 7 for abs(x) < 8 | -
y1            | 9 for abs(x) < 8 | - | 7 for abs(x) < 8 | -
yn            | ceil(2 + 2.5n) for abs(x) < n | - | - | -
"""

# OCML's name where it is not the base name (__ocml_<name>_f32/_f64).
_OCML = {
    "cyl_bessel_i0": "i0", "cyl_bessel_i1": "i1", "llrint": "rint", "llround": "round",
    "lrint": "rint", "lround": "round", "norm3d": "len3", "norm4d": "len4", "normcdf": "ncdf",
    "normcdfinv": "ncdfinv", "rnorm3d": "rlen3", "rnorm4d": "rlen4", "scalbln": "scalbn",
}  # fmt: skip
_NO_OCML = {"norm", "rnorm", "cyl_bessel_i0", "cyl_bessel_i1"}  # a loop over OCML / none in HIP

# Every function of the tables below is implemented (cu2amd/math_functions.h): OCML on AMD
# GPUs, libm and cu2amd/math_portable.h on the host platform. These differ from OCML's
# function of the same name:
_IMPL_EXTRA = {
    "rsqrtf": ("1.0f / __ocml_sqrt_f32", True),
    "fma": ("llvm.fma.f64", False),
    "fmaf": ("llvm.fma.f32", False),
}

# Overloaded for float and double (and integer) arguments, one row each.
_GENERIC = """
isfinite | 0 | 0
isinf    | 0 | 0
isnan    | 0 | 0
signbit  | 0 | 0
"""
_INTEGER = "abs labs llabs llmax llmin max min ullmax ullmin umax umin"


def _ulp(text: str) -> str:
    return "" if text == "-" else text


def accuracy_note(cuda_ulp: str, rocm_ulp: str) -> str:
    """What a user must know when OCML's documented error exceeds CUDA's bound."""
    if cuda_ulp.isdigit() and rocm_ulp.isdigit() and int(rocm_ulp) > int(cuda_ulp):
        return f"OCML's documented error ({rocm_ulp} ulp) exceeds CUDA's bound ({cuda_ulp} ulp)"
    return ""


def _row(name: str, section: str, ocml: str, cuda_ulp: str, rocm_ulp: str) -> ApiRow:
    cuda_ulp, rocm_ulp = _ulp(cuda_ulp), _ulp(rocm_ulp)
    if name in _IMPL_EXTRA:
        rocm, _ = _IMPL_EXTRA[name]
        return ApiRow(name, Group.DEVICE_MATH, Kind.FUNCTION, section, Status.SUPPORTED, rocm,
                      "", cuda_ulp, "")  # fmt: skip
    note = accuracy_note(cuda_ulp, rocm_ulp)
    return ApiRow(name, Group.DEVICE_MATH, Kind.FUNCTION, section, Status.SUPPORTED, ocml, note,
                  cuda_ulp, rocm_ulp)  # fmt: skip


def _build() -> tuple[ApiRow, ...]:
    single: list[ApiRow] = []
    double: list[ApiRow] = []
    for line in _TABLE.strip().splitlines():
        base, c32, h32, c64, h64 = (cell.strip() for cell in line.split("|"))
        stem = _OCML.get(base, base)
        ocml32 = "cu2amd" if base in _NO_OCML else f"__ocml_{stem}_f32"
        ocml64 = "cu2amd" if base in _NO_OCML else f"__ocml_{stem}_f64"
        single.append(_row(base + "f", SINGLE, ocml32, c32, h32))
        double.append(_row(base, DOUBLE, ocml64, c64, h64))
    single.append(_row("fdividef", SINGLE, "__ocml_div_f32", "", "0"))
    for line in _GENERIC.strip().splitlines():
        name, cuda_ulp, rocm_ulp = (cell.strip() for cell in line.split("|"))
        double.append(_row(name, DOUBLE, f"__ocml_{name}_f64", cuda_ulp, rocm_ulp))
    integer = [_row(name, INTEGER, "cu2amd", "", "") for name in _INTEGER.split()]
    # Derived names ("erf" + "f") do not keep the base order: sort each section.
    return (
        tuple(sorted(single, key=lambda r: r.name))
        + tuple(sorted(double, key=lambda r: r.name))
        + tuple(integer)
    )


# math_constants.h: CUDART_* constants (HIP: HIP_*), in cu2amd's math_constants.h.
_CONSTANTS = """
    CUDART_2_OVER_PI CUDART_2_OVER_PI_F CUDART_3PIO4 CUDART_3PIO4_F CUDART_DBL2INT_CVT CUDART_INF
    CUDART_INF_F CUDART_L2E CUDART_L2E_F CUDART_L2E_HI CUDART_L2E_LO CUDART_L2T CUDART_L2T_F
    CUDART_LG2 CUDART_LG2_F CUDART_LG2_HI CUDART_LG2_LO CUDART_LG2_X_1024 CUDART_LG2_X_1075
    CUDART_LGE CUDART_LGE_F CUDART_LGE_HI CUDART_LGE_LO CUDART_LN2 CUDART_LN2_F CUDART_LN2_HI
    CUDART_LN2_LO CUDART_LN2_X_1024 CUDART_LN2_X_1025 CUDART_LN2_X_1075 CUDART_LNPI
    CUDART_LNPI_F CUDART_LNT CUDART_LNT_F CUDART_LNT_HI CUDART_LNT_LO CUDART_MAX_NORMAL_F
    CUDART_MIN_DENORM CUDART_MIN_DENORM_F CUDART_NAN CUDART_NAN_F CUDART_NEG_ZERO
    CUDART_NEG_ZERO_F CUDART_NORM_HUGE_F CUDART_ONE CUDART_ONE_F CUDART_PI CUDART_PIO2
    CUDART_PIO2_F CUDART_PIO2_HI CUDART_PIO2_LO CUDART_PIO4 CUDART_PIO4_F CUDART_PIO4_HI
    CUDART_PIO4_LO CUDART_PI_F CUDART_PI_HI CUDART_PI_LO CUDART_REMQUO_BITS_F
    CUDART_REMQUO_MASK_F CUDART_SQRT_2OPI CUDART_SQRT_2PI CUDART_SQRT_2PI_HI CUDART_SQRT_2PI_LO
    CUDART_SQRT_2_OVER_PI_F CUDART_SQRT_HALF CUDART_SQRT_HALF_F CUDART_SQRT_HALF_HI
    CUDART_SQRT_HALF_HI_F CUDART_SQRT_HALF_LO CUDART_SQRT_HALF_LO_F CUDART_SQRT_PIO2
    CUDART_SQRT_PIO2_HI CUDART_SQRT_PIO2_LO CUDART_SQRT_TWO CUDART_SQRT_TWO_F CUDART_THIRD
    CUDART_THIRD_F CUDART_TRIG_PLOSS CUDART_TRIG_PLOSS_F CUDART_TWOTHIRD CUDART_TWO_TO_126_F
    CUDART_TWO_TO_23 CUDART_TWO_TO_23_F CUDART_TWO_TO_24_F CUDART_TWO_TO_31_F CUDART_TWO_TO_32_F
    CUDART_TWO_TO_52 CUDART_TWO_TO_53 CUDART_TWO_TO_54 CUDART_TWO_TO_M1022 CUDART_TWO_TO_M126_F
    CUDART_TWO_TO_M54 CUDART_ZERO CUDART_ZERO_F
"""


def _constants() -> tuple[ApiRow, ...]:
    return tuple(
        ApiRow(
            name,
            Group.DEVICE_MATH,
            Kind.MACRO,
            "Mathematical Constants (math_constants.h)",
            Status.SUPPORTED,
            "math_constants.h (HIP: HIP" + name.removeprefix("CUDART") + ")",
            "",
        )
        for name in names(_CONSTANTS)
    )


ROWS: tuple[ApiRow, ...] = _build() + _constants()
