/* One 16-bit floating-point type and its pair, for cuda_fp16.h and cuda_bf16.h: the
 * including header defines CU2AMD_T, CU2AMD_T2, CU2AMD_RAW, CU2AMD_RAW2, CU2AMD_MAN and
 * CU2AMD_BIAS. The bits are stored as an unsigned short and every conversion rounds in
 * software (cu2amd/fp16_round.h), identically on AMD, the host platform and the host. */
struct CU2AMD_RAW {
    unsigned short x;
};
struct CU2AMD_RAW2 {
    unsigned short x, y;
};
struct __align__(2) CU2AMD_T {
    unsigned short __x;
    CU2AMD_T() = default;
    __host__ __device__ constexpr CU2AMD_T(const CU2AMD_RAW &r) : __x(r.x) {}
    __host__ __device__ CU2AMD_T(float f) : __x(__cu2amd_fp16::from_float(f, CU2AMD_MAN, CU2AMD_BIAS)) {}
    __host__ __device__ CU2AMD_T(double d)
        : __x(__cu2amd_fp16::from_double(d, CU2AMD_MAN, CU2AMD_BIAS, CU2AMD_RN)) {}
    __host__ __device__ CU2AMD_T(int v) : __x(__cu2amd_fp16::from_ll(v, CU2AMD_MAN, CU2AMD_BIAS, CU2AMD_RN)) {}
    __host__ __device__ CU2AMD_T(unsigned int v)
        : __x(__cu2amd_fp16::from_ull(false, v, CU2AMD_MAN, CU2AMD_BIAS, CU2AMD_RN)) {}
    __host__ __device__ CU2AMD_T(long v) : __x(__cu2amd_fp16::from_ll(v, CU2AMD_MAN, CU2AMD_BIAS, CU2AMD_RN)) {}
    __host__ __device__ CU2AMD_T(unsigned long v)
        : __x(__cu2amd_fp16::from_ull(false, v, CU2AMD_MAN, CU2AMD_BIAS, CU2AMD_RN)) {}
    __host__ __device__ CU2AMD_T(long long v)
        : __x(__cu2amd_fp16::from_ll(v, CU2AMD_MAN, CU2AMD_BIAS, CU2AMD_RN)) {}
    __host__ __device__ CU2AMD_T(unsigned long long v)
        : __x(__cu2amd_fp16::from_ull(false, v, CU2AMD_MAN, CU2AMD_BIAS, CU2AMD_RN)) {}
    __host__ __device__ CU2AMD_T(short v) : __x(__cu2amd_fp16::from_ll(v, CU2AMD_MAN, CU2AMD_BIAS, CU2AMD_RN)) {}
    __host__ __device__ CU2AMD_T(unsigned short v)
        : __x(__cu2amd_fp16::from_ull(false, v, CU2AMD_MAN, CU2AMD_BIAS, CU2AMD_RN)) {}
    __host__ __device__ CU2AMD_T &operator=(const CU2AMD_RAW &r) {
        __x = r.x;
        return *this;
    }
    __host__ __device__ operator CU2AMD_RAW() const { return CU2AMD_RAW{__x}; }
    __host__ __device__ operator float() const {
        return __cu2amd_fp16::to_float(__x, CU2AMD_MAN, CU2AMD_BIAS);
    }

    /* The operators of cuda_fp16.hpp, as hidden friends: each computes in float and the
     * constructor rounds once, exactly as __hadd, __hmul ... do. */
    friend __host__ __device__ CU2AMD_T operator+(CU2AMD_T a, CU2AMD_T b) { return (float)a + (float)b; }
    friend __host__ __device__ CU2AMD_T operator-(CU2AMD_T a, CU2AMD_T b) { return (float)a - (float)b; }
    friend __host__ __device__ CU2AMD_T operator*(CU2AMD_T a, CU2AMD_T b) { return (float)a * (float)b; }
    friend __host__ __device__ CU2AMD_T operator/(CU2AMD_T a, CU2AMD_T b) { return (float)a / (float)b; }
    friend __host__ __device__ CU2AMD_T operator+(CU2AMD_T a) { return a; }
    friend __host__ __device__ CU2AMD_T operator-(CU2AMD_T a) {
        CU2AMD_T r;
        r.__x = (unsigned short)(a.__x ^ 0x8000u);
        return r;
    }
    friend __host__ __device__ CU2AMD_T &operator+=(CU2AMD_T &a, CU2AMD_T b) { return a = a + b; }
    friend __host__ __device__ CU2AMD_T &operator-=(CU2AMD_T &a, CU2AMD_T b) { return a = a - b; }
    friend __host__ __device__ CU2AMD_T &operator*=(CU2AMD_T &a, CU2AMD_T b) { return a = a * b; }
    friend __host__ __device__ CU2AMD_T &operator/=(CU2AMD_T &a, CU2AMD_T b) { return a = a / b; }
    friend __host__ __device__ CU2AMD_T &operator++(CU2AMD_T &a) { return a = (float)a + 1.0f; }
    friend __host__ __device__ CU2AMD_T &operator--(CU2AMD_T &a) { return a = (float)a - 1.0f; }
    friend __host__ __device__ CU2AMD_T operator++(CU2AMD_T &a, int) {
        CU2AMD_T old = a;
        ++a;
        return old;
    }
    friend __host__ __device__ CU2AMD_T operator--(CU2AMD_T &a, int) {
        CU2AMD_T old = a;
        --a;
        return old;
    }
    /* != is true for NaN (__hneu), the others false (__heq, __hlt ...) */
    friend __host__ __device__ bool operator==(CU2AMD_T a, CU2AMD_T b) { return (float)a == (float)b; }
    friend __host__ __device__ bool operator!=(CU2AMD_T a, CU2AMD_T b) { return (float)a != (float)b; }
    friend __host__ __device__ bool operator<(CU2AMD_T a, CU2AMD_T b) { return (float)a < (float)b; }
    friend __host__ __device__ bool operator<=(CU2AMD_T a, CU2AMD_T b) { return (float)a <= (float)b; }
    friend __host__ __device__ bool operator>(CU2AMD_T a, CU2AMD_T b) { return (float)a > (float)b; }
    friend __host__ __device__ bool operator>=(CU2AMD_T a, CU2AMD_T b) { return (float)a >= (float)b; }
};
struct __align__(4) CU2AMD_T2 {
    CU2AMD_T x, y;
    CU2AMD_T2() = default;
    __host__ __device__ constexpr CU2AMD_T2(const CU2AMD_T &a, const CU2AMD_T &b) : x(a), y(b) {}
    __host__ __device__ CU2AMD_T2(const CU2AMD_RAW2 &r) : x(CU2AMD_RAW{r.x}), y(CU2AMD_RAW{r.y}) {}
    __host__ __device__ CU2AMD_T2 &operator=(const CU2AMD_RAW2 &r) {
        x = CU2AMD_RAW{r.x};
        y = CU2AMD_RAW{r.y};
        return *this;
    }
    __host__ __device__ operator CU2AMD_RAW2() const { return CU2AMD_RAW2{x.__x, y.__x}; }

    /* lane by lane; the comparisons hold when they hold in both lanes (__hbeq2, __hbneu2 ...) */
    friend __host__ __device__ CU2AMD_T2 operator+(CU2AMD_T2 a, CU2AMD_T2 b) { return {a.x + b.x, a.y + b.y}; }
    friend __host__ __device__ CU2AMD_T2 operator-(CU2AMD_T2 a, CU2AMD_T2 b) { return {a.x - b.x, a.y - b.y}; }
    friend __host__ __device__ CU2AMD_T2 operator*(CU2AMD_T2 a, CU2AMD_T2 b) { return {a.x * b.x, a.y * b.y}; }
    friend __host__ __device__ CU2AMD_T2 operator/(CU2AMD_T2 a, CU2AMD_T2 b) { return {a.x / b.x, a.y / b.y}; }
    friend __host__ __device__ CU2AMD_T2 operator+(CU2AMD_T2 a) { return a; }
    friend __host__ __device__ CU2AMD_T2 operator-(CU2AMD_T2 a) { return {-a.x, -a.y}; }
    friend __host__ __device__ CU2AMD_T2 &operator+=(CU2AMD_T2 &a, CU2AMD_T2 b) { return a = a + b; }
    friend __host__ __device__ CU2AMD_T2 &operator-=(CU2AMD_T2 &a, CU2AMD_T2 b) { return a = a - b; }
    friend __host__ __device__ CU2AMD_T2 &operator*=(CU2AMD_T2 &a, CU2AMD_T2 b) { return a = a * b; }
    friend __host__ __device__ CU2AMD_T2 &operator/=(CU2AMD_T2 &a, CU2AMD_T2 b) { return a = a / b; }
    friend __host__ __device__ bool operator==(CU2AMD_T2 a, CU2AMD_T2 b) { return a.x == b.x && a.y == b.y; }
    friend __host__ __device__ bool operator!=(CU2AMD_T2 a, CU2AMD_T2 b) { return a.x != b.x && a.y != b.y; }
    friend __host__ __device__ bool operator<(CU2AMD_T2 a, CU2AMD_T2 b) { return a.x < b.x && a.y < b.y; }
    friend __host__ __device__ bool operator<=(CU2AMD_T2 a, CU2AMD_T2 b) { return a.x <= b.x && a.y <= b.y; }
    friend __host__ __device__ bool operator>(CU2AMD_T2 a, CU2AMD_T2 b) { return a.x > b.x && a.y > b.y; }
    friend __host__ __device__ bool operator>=(CU2AMD_T2 a, CU2AMD_T2 b) { return a.x >= b.x && a.y >= b.y; }
};
