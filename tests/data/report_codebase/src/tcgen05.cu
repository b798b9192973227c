__global__ void tensor_memory() {
  asm volatile("tcgen05.fence::before_thread_sync;");
}
