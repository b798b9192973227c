"""The CUDA Math API's SIMD intrinsics: byte and halfword arithmetic on the lanes of a
32-bit word (__vadd4, __vcmpeq2 ...), and CUDA 12's integer min/max/relu forms (__vimax3_s32
...). cu2amd/simd_intrinsics.h implements the first set (HIP's headers have them too,
under the same names), and the CUDA 12 forms (DPX) as plain C over the lanes, which AMD
GPUs compile to v_max3/v_min3 and packed 16-bit max/min.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, Table, names
from cu2amd.runtime_shim.tables.row import ApiRow, Group

_CLASSIC = """
    __vabs2 __vabs4 __vabsdiffs2 __vabsdiffs4 __vabsdiffu2 __vabsdiffu4 __vabsss2 __vabsss4
    __vadd2 __vadd4 __vaddss2 __vaddss4 __vaddus2 __vaddus4 __vavgs2 __vavgs4 __vavgu2 __vavgu4
    __vcmpeq2 __vcmpeq4 __vcmpges2 __vcmpges4 __vcmpgeu2 __vcmpgeu4 __vcmpgts2 __vcmpgts4
    __vcmpgtu2 __vcmpgtu4 __vcmples2 __vcmples4 __vcmpleu2 __vcmpleu4 __vcmplts2 __vcmplts4
    __vcmpltu2 __vcmpltu4 __vcmpne2 __vcmpne4 __vhaddu2 __vhaddu4 __vmaxs2 __vmaxs4 __vmaxu2
    __vmaxu4 __vmins2 __vmins4 __vminu2 __vminu4 __vneg2 __vneg4 __vnegss2 __vnegss4 __vsads2
    __vsads4 __vsadu2 __vsadu4 __vseteq2 __vseteq4 __vsetges2 __vsetges4 __vsetgeu2 __vsetgeu4
    __vsetgts2 __vsetgts4 __vsetgtu2 __vsetgtu4 __vsetles2 __vsetles4 __vsetleu2 __vsetleu4
    __vsetlts2 __vsetlts4 __vsetltu2 __vsetltu4 __vsetne2 __vsetne4 __vsub2 __vsub4 __vsubss2
    __vsubss4 __vsubus2 __vsubus4
"""
_DPX = """
    __viaddmax_s16x2 __viaddmax_s16x2_relu __viaddmax_s32 __viaddmax_s32_relu __viaddmax_u16x2
    __viaddmax_u32 __viaddmin_s16x2 __viaddmin_s16x2_relu __viaddmin_s32 __viaddmin_s32_relu
    __viaddmin_u16x2 __viaddmin_u32 __vibmax_s16x2 __vibmax_s32 __vibmax_u16x2 __vibmax_u32
    __vibmin_s16x2 __vibmin_s32 __vibmin_u16x2 __vibmin_u32 __vimax3_s16x2 __vimax3_s16x2_relu
    __vimax3_s32 __vimax3_s32_relu __vimax3_u16x2 __vimax3_u32 __vimax_s16x2_relu
    __vimax_s32_relu __vimin3_s16x2 __vimin3_s16x2_relu __vimin3_s32 __vimin3_s32_relu
    __vimin3_u16x2 __vimin3_u32 __vimin_s16x2_relu __vimin_s32_relu
"""
_T = Table(
    Group.DEVICE_MATH,
    {
        **{name: Impl("cu2amd/simd_intrinsics.h (lane-wise C)") for name in names(_CLASSIC)},
        **{
            name: Impl("cu2amd/simd_intrinsics.h (C; v_max3/v_min3, v_pk_max/min on AMD GPUs)")
            for name in names(_DPX)
        },
    },
)
_T.section("SIMD Intrinsics", _CLASSIC)
_T.section("SIMD Intrinsics (CUDA 12 integer min/max)", _DPX)

ROWS: tuple[ApiRow, ...] = _T.done()
