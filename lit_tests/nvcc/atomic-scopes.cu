// CUDA's atomic scopes in AMD device IR: the plain functions at LLVM's "agent" scope,
// _block at "workgroup", _system at the default (system) scope, all relaxed (monotonic);
// only the _system ones may touch fine-grained (host, peer) memory.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cu2amd-nvcc -O1 -c --offload-arch=gfx942 --keep --keep-dir %t -o %t/scopes.o %s
// RUN: %python -c "import sys, llvmlite.binding as l; print(l.parse_bitcode(open(sys.argv[1], 'rb').read()))" %t/atomic-scopes.gfx942.bc | FileCheck %s

// CHECK-LABEL: define {{.*}} @add_device(
// CHECK: atomicrmw add ptr addrspace(1) %{{.*}}, i32 1 syncscope("agent") monotonic, {{.*}}!amdgpu.no.fine.grained.memory
extern "C" __global__ void add_device(int *p) { atomicAdd(p, 1); }

// CHECK-LABEL: define {{.*}} @add_block(
// CHECK: atomicrmw fadd ptr addrspace(1) %{{.*}}, float 1.000000e+00 syncscope("workgroup") monotonic
extern "C" __global__ void add_block(float *p) { atomicAdd_block(p, 1.0f); }

// CHECK-LABEL: define {{.*}} @add_system(
// CHECK: atomicrmw fadd ptr addrspace(1) %{{.*}}, double 1.000000e+00 monotonic, align 8
// CHECK-NOT: no.fine.grained
// CHECK: ret void
extern "C" __global__ void add_system(double *p) { atomicAdd_system(p, 1.0); }

// CHECK-LABEL: define {{.*}} @inc_block(
// CHECK: atomicrmw uinc_wrap ptr addrspace(1) %{{.*}}, i32 9 syncscope("workgroup") monotonic
extern "C" __global__ void inc_block(unsigned *p) { atomicInc_block(p, 9u); }

// CHECK-LABEL: define {{.*}} @cas_system(
// CHECK: cmpxchg ptr addrspace(1) %{{.*}}, i64 1, i64 2 monotonic monotonic
extern "C" __global__ void cas_system(unsigned long long *p) { atomicCAS_system(p, 1ull, 2ull); }
