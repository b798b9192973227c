"""Cooperative groups beyond the block and static tiles (cooperative_groups.h): the generic
thread_group (from a block, a tile, the grid, and tiled_partition(parent, n)), the split
block barrier, binary and labeled partitions, coalesced_group's match and meta-group
queries, invoke_one and invoke_one_broadcast, inclusive and exclusive scans, memcpy_async
with wait and wait_prior, reduce_store_async, and the one-block cluster. A self-checking
program compares each thread's results with the values computed on the host; it runs on
the host platform (in several thread orders, strict mode, and with 64-lane hardware waves)
and compiles for gfx942."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from runtime_programs import nvcc, run_on_host

PROGRAM = r"""
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define OK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("FAILED line %d: %s -> %s\n", __LINE__, #call, cudaGetErrorName(e_)); failures++; } } while (0)

#define THREADS 96 /* three warps */
#define OUTS 24

struct pair { int a; float b; };

__device__ int rank_times_ten(int rank) { return rank * 10; }

/* Each thread records what the groups say in out[t * OUTS + k]. */
__global__ void groups(int *out, const int *src, int *copied, int *counter, int *stored) {
    cg::thread_block block = cg::this_thread_block();
    __shared__ int smem[THREADS];
    __shared__ int staged[THREADS + 3];
    unsigned int t = block.thread_rank(), lane = t % 32;
    int *o = out + t * OUTS;

    /* thread_group from each kind of group */
    cg::thread_group as_block = block;
    cg::thread_group as_tile = cg::tiled_partition<8>(block);
    cg::thread_group dynamic = cg::tiled_partition(block, 4);
    cg::thread_group as_grid = cg::this_grid();
    as_block.sync();
    as_tile.sync();
    cg::sync(dynamic);
    o[0] = (int)(as_block.thread_rank() * 10000 + as_block.size());
    o[1] = (int)(as_tile.thread_rank() * 100 + as_tile.num_threads());
    o[2] = (int)(dynamic.thread_rank() * 100 + dynamic.size());
    o[3] = (int)(as_grid.thread_rank() * 1000 + as_grid.size());

    /* the split block barrier */
    smem[t] = (int)t * 3;
    cg::thread_block::arrival_token token = block.barrier_arrive();
    block.barrier_wait(static_cast<cg::thread_block::arrival_token &&>(token));
    o[4] = smem[(t + 1) % THREADS];

    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    /* binary and labeled partitions of the warp */
    cg::coalesced_group half = cg::binary_partition(warp, lane % 3 == 0);
    o[5] = (int)(half.thread_rank() * 100 + half.size());
    o[6] = cg::reduce(half, (int)lane, cg::plus<int>());
    cg::coalesced_group same = cg::labeled_partition(warp, (int)(lane % 5));
    o[7] = (int)(same.thread_rank() * 100 + same.num_threads());
    o[8] = (int)(same.meta_group_rank() * 10 + same.meta_group_size());

    /* match on a coalesced group (odd lanes): bits by rank within it */
    o[9] = o[10] = o[11] = -1;
    if (lane % 2) {
        cg::coalesced_group odd = cg::coalesced_threads();
        o[9] = (int)odd.match_any(lane / 8);
        int pred = 0;
        o[10] = (int)odd.match_all(7, pred) + pred * 7;
        cg::coalesced_group low = cg::labeled_partition(odd, lane < 16);
        o[11] = cg::exclusive_scan(low, (int)lane);
    }

    /* scans */
    cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
    o[12] = cg::inclusive_scan(tile8, (int)lane + 1);
    o[13] = cg::exclusive_scan(warp, (int)lane + 1);
    o[14] = cg::inclusive_scan(warp, (int)((lane * 7) % 11), cg::greater<int>());
    o[15] = (int)(cg::exclusive_scan(tile8, 1ull << (lane + 24), cg::bit_or<unsigned long long>()) >> 24);
    o[16] = (int)cg::inclusive_scan(half, 1.5f);

    /* invoke_one: one call per warp; invoke_one_broadcast: the caller's result everywhere */
    cg::invoke_one(warp, [&] { atomicAdd(counter, 1); });
    pair p = cg::invoke_one_broadcast(warp, [&] { return pair{(int)t, 0.5f * (int)t}; });
    o[17] = p.a * 10 + (int)(p.b * 2 == (float)p.a);
    o[18] = cg::invoke_one_broadcast(tile8, rank_times_ten, (int)t);
    cg::coalesced_group all = cg::coalesced_threads();
    o[19] = cg::invoke_one_broadcast(all, [] { return 77; });

    /* memcpy_async into shared memory, then wait; an unaligned copy and wait_prior */
    cg::memcpy_async(block, staged, src, THREADS * sizeof(int));
    cg::wait(block);
    copied[t] = staged[THREADS - 1 - t];
    block.sync();
    cg::memcpy_async(block, (char *)staged + 1, (const char *)src + 2, 4 * THREADS - 2);
    cg::wait_prior<1>(block);
    o[20] = ((unsigned char *)staged)[1 + t];

    /* reduce_store_async: one thread stores the warp's sum */
    cg::reduce_store_async(warp, stored + t / 32, (int)lane, cg::plus<int>());

    /* a cluster of one block */
    cg::cluster_group cluster = cg::this_cluster();
    cluster.sync();
    o[21] = (int)(cluster.num_blocks() * 1000 + cluster.block_rank() * 100 + cluster.dim_blocks().x * 10 +
                  cluster.block_index().x);
    o[22] = (int)(cluster.thread_rank() * 10000 + cluster.num_threads());
    o[23] = (cluster.map_shared_rank(&smem[t], 0) == &smem[t]) * 10 + (int)cluster.query_shared_rank(&smem[t]);
}

static int popc(unsigned x) { return __builtin_popcount(x); }

int main() {
    int *out, *src, *copied, *counter, *stored;
    OK(cudaMallocManaged(&out, THREADS * OUTS * sizeof(int)));
    OK(cudaMallocManaged(&src, THREADS * sizeof(int)));
    OK(cudaMallocManaged(&copied, THREADS * sizeof(int)));
    OK(cudaMallocManaged(&counter, sizeof(int)));
    OK(cudaMallocManaged(&stored, 3 * sizeof(int)));
    for (int i = 0; i < THREADS; i++) src[i] = i * 1000 + 17;
    *counter = 0;
    groups<<<1, THREADS>>>(out, src, copied, counter, stored);
    OK(cudaGetLastError());
    OK(cudaDeviceSynchronize());
    for (int t = 0; t < THREADS; t++) {
        int *o = out + t * OUTS, lane = t % 32;
        EXPECT(o[0] == t * 10000 + THREADS);
        EXPECT(o[1] == (t % 8) * 100 + 8);
        EXPECT(o[2] == (t % 4) * 100 + 4);
        EXPECT(o[3] == t * 1000 + THREADS);
        EXPECT(o[4] == ((t + 1) % THREADS) * 3);
        /* binary partition: lanes with lane % 3 == 0 (11 of them) and the others (21) */
        int yes = lane % 3 == 0, rank = 0, sum = 0, size = 0;
        for (int l = 0; l < 32; l++)
            if ((l % 3 == 0) == yes) rank += l < lane, sum += l, size++;
        EXPECT(o[5] == rank * 100 + size);
        EXPECT(o[6] == sum);
        rank = size = 0;
        for (int l = 0; l < 32; l++)
            if (l % 5 == lane % 5) rank += l < lane, size++;
        EXPECT(o[7] == rank * 100 + size);
        EXPECT(o[8] == 1);
        if (lane % 2) {
            /* odd lanes, ranks 0..15; lane/8 groups them in fours */
            unsigned expect = 0xfu << ((lane / 8) * 4);
            EXPECT(o[9] == (int)expect);
            EXPECT(o[10] == (int)0xffffu + 7);
            int scan = 0;
            for (int l = 1; l < lane; l += 2)
                if ((l < 16) == (lane < 16)) scan += l;
            EXPECT(o[11] == scan);
        } else {
            EXPECT(o[9] == -1 && o[10] == -1 && o[11] == -1);
        }
        int inc8 = 0, exc32 = 0, max = 0;
        for (int l = lane & ~7; l <= lane; l++) inc8 += l + 1;
        for (int l = 0; l < lane; l++) exc32 += l + 1;
        for (int l = 0; l <= lane; l++) max = max > (l * 7) % 11 ? max : (l * 7) % 11;
        EXPECT(o[12] == inc8);
        EXPECT(o[13] == exc32);
        EXPECT(o[14] == max);
        unsigned long long bits = 0;
        for (int l = lane & ~7; l < lane; l++) bits |= 1ull << (l + 24);
        EXPECT(o[15] == (int)(bits >> 24) && (lane % 8 == 0 || o[15] != 0));
        rank = 0;
        for (int l = 0; l < lane; l++) rank += (l % 3 == 0) == yes;
        EXPECT(o[16] == (int)(1.5f * (rank + 1)));
        EXPECT(o[17] == (t & ~31) * 10 + 1);
        EXPECT(o[18] == (t & ~7) * 10);
        EXPECT(o[19] == 77);
        EXPECT(copied[t] == src[THREADS - 1 - t]);
        EXPECT(o[20] == ((unsigned char *)src)[2 + t]);
        EXPECT(o[21] == 1000 + 0 + 10 + 0);
        EXPECT(o[22] == t * 10000 + THREADS);
        EXPECT(o[23] == 10);
    }
    EXPECT(*counter == 3);
    for (int w = 0; w < 3; w++) EXPECT(stored[w] == 31 * 32 / 2);
    (void)popc;
    printf("cooperative groups: %s\n", failures ? "FAILED" : "PASSED");
    return failures != 0;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("cooperative_groups_api") / "groups.cu"
    src.write_text(PROGRAM)
    return src


def test_group_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run_on_host(source, tmp_path, "cooperative groups")
    exe = tmp_path / "cooperative groups"
    for env in (
        {"CU2AMD_THREAD_ORDER": "reverse"},
        {"CU2AMD_THREAD_ORDER": "random:11", "CU2AMD_STRICT": "1"},
        {"CU2AMD_WARP_SIZE": "64"},
    ):
        again = subprocess.run(
            [str(exe)], capture_output=True, text=True, check=False, env={**os.environ, **env}
        )
        assert again.returncode == 0 and again.stdout == "cooperative groups: PASSED\n", (
            env,
            again.stdout + again.stderr,
        )


def test_group_program_compiles_for_gfx942(source: Path, tmp_path: Path) -> None:
    proc = nvcc("--offload-arch=gfx942", "-c", "-o", str(tmp_path / "groups.o"), str(source))
    assert proc.returncode == 0, proc.stderr


def test_reduce_update_async_is_a_compile_error(tmp_path: Path) -> None:
    """It needs cuda::atomic_ref, which cu2amd does not provide: not declared."""
    src = tmp_path / "update.cu"
    src.write_text(
        "#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
        "__global__ void k(int *p) { auto t = cg::tiled_partition<32>(cg::this_thread_block());\n"
        "  cg::reduce_update_async(t, *p, 1, cg::plus<int>()); }\n"
    )
    proc = nvcc("--offload-arch=host", "-c", "-o", str(tmp_path / "update.o"), str(src))
    assert proc.returncode != 0 and "reduce_update_async" in proc.stderr
