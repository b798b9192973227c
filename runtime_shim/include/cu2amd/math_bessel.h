/* Bessel functions J0, J1, Y0, Y1 in double precision near their zeros below 8, for the
 * host platform: glibc's j0/j1/y0/y1 lose up to 2e5 ulp there (CUDA's bound: 7 ulp for
 * |x| < 8; glibc stays within 6.1 ulp farther than 1/4 from every zero). Within 1/4 of a
 * zero z the function is its Taylor series in d = x - z, d in double-double; the series'
 * coefficients come from the Bessel equation x^2 f'' + x f' + (x^2 - n^2) f = 0 and f'(z),
 * computed once with 80-digit decimal arithmetic (power series of J0, J1, Y0, Y1) and
 * rounded to double. */
#ifndef CU2AMD_MATH_BESSEL_H
#define CU2AMD_MATH_BESSEL_H

#include "cu2amd/math_portable.h"

#define CU2AMD_BESSEL_TERMS 32
struct __cu2amd_bessel_zero {
    double hi, lo;                          /* the zero, in double-double */
    double c[CU2AMD_BESSEL_TERMS];          /* f = c[0] d + c[1] d^2 + ... */
};

static __device__ const struct __cu2amd_bessel_zero __cu2amd_j0_zeros[2] = {
    {0x1.33d152e971b40p+1, -0x1.0f539d7da258ep-53, {
        -0x1.09cdb36551280p-1, 0x1.ba1deea029494p-4, 0x1.cfae864368d70p-5, -0x1.1bb1cbe1a4071p-7,
        -0x1.1f992590d12bdp-9, 0x1.15382ba06cc47p-12, 0x1.6ed3b9f07eb28p-15, -0x1.232c77d228ab6p-18,
        -0x1.1cce302821846p-21, 0x1.7ff99166c20b8p-25, 0x1.2951bd4726a93p-28, -0x1.5c2c38b2a278cp-32,
        -0x1.bdc468c1a817ap-36, 0x1.cd41cf248a22ep-40, 0x1.f70b0201c12a4p-44, -0x1.d22d8ef70f1aap-48,
        -0x1.baa352d8622afp-52, 0x1.73612afd5db30p-56, 0x1.382933550f440p-60, -0x1.de7dcd5e6dab6p-65,
        -0x1.68bbe41057f40p-69, 0x1.fce24eb23551cp-74, 0x1.5bc1becd9a431p-78, -0x1.c65a38dc56bb9p-83,
        -0x1.1be8493f73982p-87, 0x1.596a2eac71755p-92, 0x1.8d9ad3507b5ebp-97, -0x1.c4993d3e37825p-102,
        -0x1.e2da6567d583bp-107, 0x1.0230cd902c29ap-111, 0x1.00a7eb39cc06cp-116, -0x1.02d05ab30e8c0p-121,
    }},
    {0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54, {
        0x1.5c6e60a097823p-2, -0x1.f8f72e7a848e0p-6, -0x1.b2150cb41e8c1p-5, 0x1.2f7ffe90256bbp-8,
        0x1.27e31fe9a9779p-9, -0x1.6f641f41956f7p-13, -0x1.863f481a43036p-15, 0x1.ad77d748a06dbp-19,
        0x1.32e6d99c6af7dp-21, -0x1.2da37e38435b9p-25, -0x1.41d72d9392e0ep-28, 0x1.1d0433d9a0e49p-32,
        0x1.e2f3389aa5f69p-36, -0x1.8498ffdebdd63p-40, -0x1.10477aeae347ap-43, 0x1.911a8d781ae91p-48,
        0x1.de68af47fa3ddp-52, -0x1.44b3881dbc1dep-56, -0x1.50be81f6c25f7p-60, 0x1.a7a3cd386daefp-65,
        0x1.845cae670510ap-69, -0x1.c71de4246f315p-74, -0x1.75a569f596544p-78, 0x1.99b7e43578fdfp-83,
        0x1.307564f54d396p-87, -0x1.39a215dee77bfp-92, -0x1.a99c6da344839p-97, 0x1.9d59c359e7280p-102,
        0x1.01fd881ac5670p-106, -0x1.d9f3b8df358e7p-112, -0x1.11d379ca20f65p-116, 0x1.dd241eef91488p-122,
    }},
};
static __device__ const struct __cu2amd_bessel_zero __cu2amd_j1_zeros[2] = {
    {0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53, {
        -0x1.9c6cf582cbf7fp-2, 0x1.ae8a39f51ad04p-5, 0x1.b589d1da13905p-5, -0x1.537544c331da7p-8,
        -0x1.24b3409959064p-9, 0x1.6e4c2d5354224p-13, 0x1.83a06e30c4109p-15, -0x1.9799d4c9f2549p-19,
        -0x1.33825cd2e2c16p-21, 0x1.17069233e916cp-25, 0x1.4569b22afc3c8p-28, -0x1.03b9e9651056ap-32,
        -0x1.ec62310af5f52p-36, 0x1.5ec84e47b6f4fp-40, 0x1.17a40c9422e17p-43, -0x1.67cb1d0030c9cp-48,
        -0x1.ee7ff918f9b69p-52, 0x1.21fb8bdc4d7fap-56, 0x1.5e0517dd0b5c9p-60, -0x1.792595a1eec68p-65,
        -0x1.95a682022dcb8p-69, 0x1.9438c464a0b99p-74, 0x1.87f5c94382543p-78, -0x1.6b418ebadd673p-83,
        -0x1.4098ce33180c3p-87, 0x1.15b00075a4353p-92, 0x1.c1afead77537dp-97, -0x1.6d95c4704b039p-102,
        -0x1.116887664a1bcp-106, 0x1.a2d3dc9d9635ap-112, 0x1.22fa685c35092p-116, -0x1.a55baa3fa85aap-122,
    }},
    {0x1.c0ff5f3b47250p+2, -0x1.b226d9d243827p-54, {
        0x1.33518b3874e8ap-2, -0x1.5e70dc60362bfp-6, -0x1.80c83bdeee5b0p-5, 0x1.9a4b292e3de42p-9,
        0x1.13fbc7d698217p-9, -0x1.07358bbdbff91p-13, -0x1.796a751f89051p-15, 0x1.4255b015aded4p-19,
        0x1.3026e0ce97ab9p-21, -0x1.d48dcdae92f2cp-26, -0x1.44639d7eeb0a6p-28, 0x1.c62ccb4a32eb5p-33,
        0x1.ecae92e854457p-36, -0x1.3bb6898d73cd2p-40, -0x1.183edbb8ef55ep-43, 0x1.4ae3e7e4cce3dp-48,
        0x1.efbb1e700730ap-52, -0x1.0f28da3efa3c7p-56, -0x1.5ec318df9b467p-60, 0x1.6555a952345fap-65,
        0x1.9633c7f133c92p-69, -0x1.83145f93c70aep-74, -0x1.881cb99e6a1d9p-78, 0x1.5ee83b6c1a548p-83,
        0x1.4060303d85168p-87, -0x1.0e3731199c604p-92, -0x1.c0dfac9c83e0cp-97, 0x1.65f508af48a51p-102,
        0x1.109b6e0fcd3e3p-106, -0x1.9c44f9c959d73p-112, -0x1.21ce28b9673d4p-116, 0x1.a0ab053354700p-122,
    }},
};
static __device__ const struct __cu2amd_bessel_zero __cu2amd_y0_zeros[3] = {
    {0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56, {
        0x1.c24371844b88ap-1, -0x1.f7e38a46d7102p-2, 0x1.c3b1338af3e97p-3, -0x1.cf18e6a4b3881p-3,
        0x1.c068086c296ecp-3, -0x1.a396a8059fcbap-3, 0x1.9424b930d263dp-3, -0x1.8d35b48108266p-3,
        0x1.8c08d04b60afbp-3, -0x1.8f7e336c4fe98p-3, 0x1.96de9bbc5ad8bp-3, -0x1.a1b6cbcb336a3p-3,
        0x1.afc30b0d981f4p-3, -0x1.c0e0973535920p-3, 0x1.d504b7d176a69p-3, -0x1.ec373091e81a0p-3,
        0x1.034761a63559bp-2, -0x1.121781fe6aac3p-2, 0x1.22a386895b5d5p-2, -0x1.3508672fbc67bp-2,
        0x1.49686595e1a18p-2, -0x1.5feb16006fcbcp-2, 0x1.78bd896215674p-2, -0x1.94129321b3543p-2,
        0x1.b2232751f1e76p-2, -0x1.d32ecf8f6608ap-2, 0x1.f77c35c92f17dp-2, -0x1.0face28092f3cp-1,
        0x1.258f3056cc380p-1, -0x1.3d9519f3ca8e6p-1, 0x1.57f3cd0073e3ep-1, -0x1.74e61141d1482p-1,
    }},
    {0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54, {
        -0x1.9c34256a12a0cp-2, 0x1.a09c9290367efp-5, 0x1.df6d59bf50ebdp-5, -0x1.c116fdc598096p-8,
        -0x1.1e32bc4ef8a41p-9, 0x1.9982765166254p-13, 0x1.ab2c1fecdcfc4p-15, -0x1.486371e6a663ep-18,
        -0x1.3b21684089b4cp-22, -0x1.777058741bf97p-26, 0x1.452ea00945a70p-26, -0x1.f6938829664f1p-29,
        0x1.a5a1f3a2a293ep-31, -0x1.994e736de8ef8p-33, 0x1.88ae5c83467bcp-35, -0x1.75329361f19bbp-37,
        0x1.643c7a49b7f43p-39, -0x1.55480c70f5929p-41, 0x1.47c1c44c1487ep-43, -0x1.3b7d1fbf0fdd0p-45,
        0x1.305531056d810p-47, -0x1.2626f5e5dfcacp-49, 0x1.1cd4c7460b8d8p-51, -0x1.1445851bfea5fp-53,
        0x1.0c63a86aa43b3p-55, -0x1.051ca830eb872p-57, 0x1.fcc0fa90bfb3fp-60, -0x1.f04277d87dac6p-62,
        0x1.e4a57f77cc63ep-64, -0x1.d9d4cd409d88ep-66, 0x1.cfbdaf4a8dbdbp-68, -0x1.c64fa6f94fa1dp-70,
    }},
    {0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54, {
        0x1.334cca0697a5bp-2, -0x1.5aef611fc4d57p-6, -0x1.8969c64cbf452p-5, 0x1.b2f14a95527cbp-9,
        0x1.1d35e85fde2a3p-9, -0x1.26dd71e391c8bp-13, -0x1.8177e4fe52324p-15, 0x1.6a9227352f96ap-19,
        0x1.34aa7573ef14ep-21, -0x1.0a2814d7ac448p-25, -0x1.442a3d3359ad9p-28, 0x1.fa6c509566c72p-33,
        0x1.f14e5584823dbp-36, -0x1.714c292be3936p-40, -0x1.0679cd5855172p-43, 0x1.3365d5a786a7bp-48,
        0x1.38cf06b47bc6ep-51, -0x1.2bd5a83b64d59p-55, 0x1.26e92cf91d829p-60, -0x1.27116123c3d66p-62,
        0x1.8df4f1bd4a3f7p-65, -0x1.9b0c7fab8762bp-68, 0x1.b3b04447f58f8p-71, -0x1.dbd231117d61dp-74,
        0x1.035d90c22fa4ep-76, -0x1.1a58ba966a549p-79, 0x1.33cc7a0e946ecp-82, -0x1.4ff958ef25a43p-85,
        0x1.6f179402596c7p-88, -0x1.9178e50da5f76p-91, 0x1.b7791e38bc9a1p-94, -0x1.e17cc98e588fap-97,
    }},
};
static __device__ const struct __cu2amd_bessel_zero __cu2amd_y1_zeros[2] = {
    {0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55, {
        0x1.0aa48442f014bp-1, -0x1.e56f82217b8f1p-4, -0x1.0d2af4e932386p-5, -0x1.3a6dec37290aap-8,
        0x1.e671c7d1196fdp-8, -0x1.5429dc5a45612p-9, 0x1.17ab4afac0735p-10, -0x1.0b2d877d5a29cp-11,
        0x1.eea7bbb907646p-13, -0x1.c3fae3b0ad706p-14, 0x1.9d174c9ccecd9p-15, -0x1.7956ad3fe9783p-16,
        0x1.5865d11ebb14dp-17, -0x1.3a27f1fd4ac6ep-18, 0x1.1e742c1cf6acbp-19, -0x1.051d134cb0a72p-20,
        0x1.dbea846629267p-22, -0x1.b1a1682f5eb1fp-23, 0x1.8b0b08d8ccddfp-24, -0x1.67d8a7cc18981p-25,
        0x1.47c0e174bc402p-26, -0x1.2a7fb50d94c09p-27, 0x1.0fd661ade45f0p-28, -0x1.ef1655b283bcap-30,
        0x1.c2d21fe733c5fp-31, -0x1.9a7efb711afacp-32, 0x1.75c3fc5194fe2p-33, -0x1.544fd359e8d19p-34,
        0x1.35d8362d35782p-35, -0x1.1a194ee6dfebcp-36, 0x1.00d53464407acp-37, -0x1.d3a6d732312a9p-39,
    }},
    {0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52, {
        -0x1.5c7c556f0c19ap-2, 0x1.00b9f8571ca1fp-5, 0x1.a15d92dfe3e27p-5, -0x1.10a329e2c23fap-8,
        -0x1.1be6db9923acfp-9, 0x1.337c7e138f484p-13, 0x1.85b940eb607f9p-15, -0x1.80619147b78f2p-19,
        -0x1.255e6cf70cf33p-21, 0x1.b62cd02014989p-26, 0x1.80b1aac007d1dp-28, -0x1.a7ee05a568fe6p-32,
        0x1.4065ca5f23bb5p-39, -0x1.3847684c7da93p-38, 0x1.4980895b5067ap-40, -0x1.c00f7d6be89d7p-43,
        0x1.402fd58efd6fdp-45, -0x1.ded82b76f72f2p-48, 0x1.6380d6ba31980p-50, -0x1.06b38ec70e0a6p-52,
        0x1.8443f14394c1dp-55, -0x1.1ee2105252260p-57, 0x1.a7c72c37961bfp-60, -0x1.38e5e595f9137p-62,
        0x1.cdf0d22c4f792p-65, -0x1.54e9dcbced4f1p-67, 0x1.f718438e6ba2fp-70, -0x1.73276f637119dp-72,
        0x1.11c6e148bc145p-74, -0x1.93d87ba055ed3p-77, 0x1.29d26f031e224p-79, -0x1.b7397c931dfdep-82,
    }},
};

/* f(x) from the series of the zero within 1/4 of x, if there is one (returns 1). */
CU2AMD_DEVICE_INLINE int __cu2amd_bessel_near_zero(const struct __cu2amd_bessel_zero *zeros, int n,
                                                   double x, double *result) {
    CU2AMD_NO_CONTRACT
    for (int i = 0; i < n; ++i) {
        if (!(__builtin_fabs(x - zeros[i].hi) <= 0.25)) continue;
        __cu2amd_dd d = __cu2amd_two_sum(x - zeros[i].hi, -zeros[i].lo); /* x - hi: exact */
        double q = zeros[i].c[CU2AMD_BESSEL_TERMS - 1];
        for (int k = CU2AMD_BESSEL_TERMS - 2; k >= 1; --k) q = __builtin_fma(q, d.hi, zeros[i].c[k]);
        /* c0 d + d^2 q, with c0 dl for the low part of d */
        *result = __builtin_fma(d.hi * d.hi, q, __builtin_fma(zeros[i].c[0], d.hi, zeros[i].c[0] * d.lo));
        return 1;
    }
    return 0;
}
#define CU2AMD_BESSEL(name, libm_call, parity)                                                  \
    CU2AMD_DEVICE_INLINE double __cu2amd_##name(double x) {                                     \
        double a = parity ? __builtin_fabs(x) : x, r;                                          \
        if (a < 8.0 && __cu2amd_bessel_near_zero(__cu2amd_##name##_zeros,                      \
                                                 (int)(sizeof __cu2amd_##name##_zeros /        \
                                                       sizeof __cu2amd_##name##_zeros[0]),     \
                                                 a, &r))                                        \
            return parity == 2 && x < 0 ? -r : r;                                               \
        return libm_call(x);                                                                    \
    }
/* parity: 0 none (y0, y1: defined for x > 0), 1 even (j0), 2 odd (j1) */
CU2AMD_BESSEL(j0, __cu2amd_libm_j0, 1)
CU2AMD_BESSEL(j1, __cu2amd_libm_j1, 2)
CU2AMD_BESSEL(y0, __cu2amd_libm_y0, 0)
CU2AMD_BESSEL(y1, __cu2amd_libm_y1, 0)
#undef CU2AMD_BESSEL

#endif
