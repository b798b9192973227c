; Two kernels for the code-object and bundle tests: saxpy (28 bytes of kernargs, at most
; 256 work-items) and uses_lds (256 bytes of LDS, a private array that needs scratch).
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x float] poison, align 4

define amdgpu_kernel void @saxpy(float %a, ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gx = getelementptr float, ptr addrspace(1) %x, i32 %tid
  %v = load float, ptr addrspace(1) %gx
  %m = fmul float %v, %a
  %gy = getelementptr float, ptr addrspace(1) %y, i32 %tid
  store float %m, ptr addrspace(1) %gy
  ret void
}

define amdgpu_kernel void @uses_lds(ptr addrspace(1) %out, i32 %i) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [64 x float], ptr addrspace(3) @lds, i32 0, i32 %tid
  store float 1.0, ptr addrspace(3) %p
  call void @llvm.amdgcn.s.barrier()
  %q = getelementptr [64 x float], ptr addrspace(3) @lds, i32 0, i32 %i
  %v = load float, ptr addrspace(3) %q
  %a = alloca [16 x i32], align 4, addrspace(5)
  %ap = getelementptr [16 x i32], ptr addrspace(5) %a, i32 0, i32 %tid
  store volatile i32 %tid, ptr addrspace(5) %ap
  %bp = getelementptr [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  %b = load volatile i32, ptr addrspace(5) %bp
  %bf = sitofp i32 %b to float
  %s = fadd float %v, %bf
  store float %s, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
