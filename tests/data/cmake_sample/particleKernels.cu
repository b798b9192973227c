// particleSample: device code in its own file (separable compilation).
__device__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ float3 scaled(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }

__device__ int particles_moved = 0;

__device__ float3 step_position(float3 p, float3 v, float dt) {
    atomicAdd(&particles_moved, 1);
    return p + scaled(v, dt);
}
