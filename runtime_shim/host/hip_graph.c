/* The host platform's HIP functions for CUDA graphs and stream capture.
 *
 * A graph is a list of nodes, each with the nodes it depends on; launching an executable
 * graph runs its nodes in a dependency order on the launch stream (work runs at once on
 * the host platform, so one order is as good as another). Kernel nodes keep a copy of
 * their arguments, made when their parameters are set, as CUDA's do.
 *
 * Stream capture: while a stream captures, the stream operations of the other host
 * runtime files call in here first (cu2amd_graph_* hooks) and their work becomes nodes of
 * the capture's graph, each depending on the stream's current dependency set. An event
 * recorded on a capturing stream stands for that set, and a stream that waits on it joins
 * the capture (CUDA's fork/join through events). */
#define _GNU_SOURCE
#include "hip_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define record cu2amd_hip_record

#define GRAPH_MAGIC 0x47524150
#define NODE_MAGIC 0x4e4f4445
#define EXEC_MAGIC 0x45584543
/* Handles below this are special values (CUDA's legacy and per-thread streams). */
#define FIRST_OBJECT ((uintptr_t)4096)
/* The most parameters of a module kernel in a kernel node. */
#define CU2AMD_GRAPH_MAX_ARGS 256
/* Kernel argument copies are aligned for any parameter type. */
#define ARG_ALIGN 64

struct ihipGraph {
    int magic;
    hipGraphNode_t *nodes;
    size_t n, cap;
};

typedef struct copy1d {
    void *dst;
    const void *src;
    const void *symbol;
    size_t count, offset;
    hipMemcpyKind kind;
} copy1d;

struct hipGraphNode {
    int magic;
    hipGraphNodeType type;
    hipGraph_t graph;
    size_t index; /* in graph->nodes */
    hipGraphNode_t *deps;
    size_t n_deps, cap_deps;
    hipGraphNode_t origin; /* the node this one is a clone of */
    hipKernelNodeParams kernel;
    int module_kernel; /* kernel.func is a module's hipFunction_t (the driver API's CUfunction) */
    void *args;        /* the kernel's argument copies: pointers, then values */
    hipMemcpy3DParms copy3d;
    copy1d copy;
    hipMemsetParams set;
    hipHostNodeParams host;
    hipGraph_t child; /* the node's own copy */
    hipEvent_t event;
};

struct hipGraphExec {
    int magic;
    hipGraph_t graph;      /* a copy of the instantiated graph; its nodes' origins are the graph's */
    hipGraphNode_t *order; /* its nodes in a dependency order (its topology never changes) */
};

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;

static int valid_graph(hipGraph_t g) { return (uintptr_t)g >= FIRST_OBJECT && g->magic == GRAPH_MAGIC; }
static int valid_node(hipGraphNode_t n) { return (uintptr_t)n >= FIRST_OBJECT && n->magic == NODE_MAGIC; }
static int valid_exec(hipGraphExec_t e) { return (uintptr_t)e >= FIRST_OBJECT && e->magic == EXEC_MAGIC; }

/* ------------------------------------------------------------------ graphs */

hipError_t hipGraphCreate(hipGraph_t *pGraph, unsigned int flags) {
    if (!pGraph || flags != 0) return record(hipErrorInvalidValue);
    *pGraph = calloc(1, sizeof **pGraph);
    if (!*pGraph) return record(hipErrorOutOfMemory);
    (*pGraph)->magic = GRAPH_MAGIC;
    return hipSuccess;
}

static void free_graph(hipGraph_t g);

static void free_node(hipGraphNode_t n) {
    if (n->child) free_graph(n->child);
    free(n->deps), free(n->args);
    n->magic = 0;
    free(n);
}

static void free_graph(hipGraph_t g) {
    for (size_t i = 0; i < g->n; i++) free_node(g->nodes[i]);
    free(g->nodes);
    g->magic = 0;
    free(g);
}

hipError_t hipGraphDestroy(hipGraph_t graph) {
    if (!valid_graph(graph)) return record(hipErrorInvalidValue);
    free_graph(graph);
    return hipSuccess;
}

static int has_dep(hipGraphNode_t n, hipGraphNode_t d) {
    for (size_t i = 0; i < n->n_deps; i++)
        if (n->deps[i] == d) return 1;
    return 0;
}

static hipError_t push_dep(hipGraphNode_t n, hipGraphNode_t d) {
    if (n->n_deps == n->cap_deps) {
        size_t cap = n->cap_deps ? 2 * n->cap_deps : 4;
        hipGraphNode_t *deps = realloc(n->deps, cap * sizeof *deps);
        if (!deps) return hipErrorOutOfMemory;
        n->deps = deps, n->cap_deps = cap;
    }
    n->deps[n->n_deps++] = d;
    return hipSuccess;
}

/* A new node of `type` in `graph`, after `deps` (each a node of the graph, once). */
static hipError_t new_node(hipGraph_t graph, hipGraphNodeType type, const hipGraphNode_t *deps, size_t n_deps,
                           hipGraphNode_t *out) {
    if (!valid_graph(graph) || (n_deps && !deps)) return hipErrorInvalidValue;
    for (size_t i = 0; i < n_deps; i++) {
        if (!valid_node(deps[i]) || deps[i]->graph != graph) return hipErrorInvalidValue;
        for (size_t j = 0; j < i; j++)
            if (deps[j] == deps[i]) return hipErrorInvalidValue;
    }
    if (graph->n == graph->cap) {
        size_t cap = graph->cap ? 2 * graph->cap : 8;
        hipGraphNode_t *nodes = realloc(graph->nodes, cap * sizeof *nodes);
        if (!nodes) return hipErrorOutOfMemory;
        graph->nodes = nodes, graph->cap = cap;
    }
    hipGraphNode_t n = calloc(1, sizeof *n);
    if (!n) return hipErrorOutOfMemory;
    n->magic = NODE_MAGIC, n->type = type, n->graph = graph;
    for (size_t i = 0; i < n_deps; i++)
        if (push_dep(n, deps[i]) != hipSuccess) {
            free_node(n);
            return hipErrorOutOfMemory;
        }
    n->index = graph->n;
    graph->nodes[graph->n++] = n;
    *out = n;
    return hipSuccess;
}

/* Takes a node just made by new_node out again (its parameters were not valid). */
static void drop_last(hipGraphNode_t n) {
    n->graph->n--;
    free_node(n);
}

/* ------------------------------------------------------------------ node parameters */

/* Copies the kernel's arguments (CUDA copies them when the parameters are set). */
static hipError_t set_kernel(hipGraphNode_t n, const hipKernelNodeParams *p) {
    if (!p || !p->func) return hipErrorInvalidValue;
    if (p->extra) return hipErrorNotSupported;
    const uint64_t *sizes = NULL;
    const uint32_t *module_sizes = NULL;
    uint64_t sizes_of_module[CU2AMD_GRAPH_MAX_ARGS];
    int count = cu2amd_hip_kernel_arg_sizes(p->func, &sizes), module_kernel = 0;
    if (count < 0 && (count = cu2amd_module_kernel_arg_sizes(p->func, &module_sizes)) >= 0) {
        if (count > CU2AMD_GRAPH_MAX_ARGS) return hipErrorNotSupported;
        for (int i = 0; i < count; i++) sizes_of_module[i] = module_sizes[i];
        sizes = sizes_of_module, module_kernel = 1;
    }
    if (count < 0) return hipErrorInvalidDeviceFunction;
    if (count > 0 && !p->kernelParams) return hipErrorInvalidValue;
    size_t bytes = ((size_t)count * sizeof(void *) + ARG_ALIGN - 1) / ARG_ALIGN * ARG_ALIGN;
    for (int i = 0; i < count; i++) bytes += (sizes[i] + ARG_ALIGN - 1) / ARG_ALIGN * ARG_ALIGN;
    void *args = NULL;
    if (bytes && posix_memalign(&args, ARG_ALIGN, bytes) != 0) return hipErrorOutOfMemory;
    void **pointers = args;
    char *value = (char *)args + ((size_t)count * sizeof(void *) + ARG_ALIGN - 1) / ARG_ALIGN * ARG_ALIGN;
    for (int i = 0; i < count; i++) {
        memcpy(value, p->kernelParams[i], sizes[i]);
        pointers[i] = value;
        value += (sizes[i] + ARG_ALIGN - 1) / ARG_ALIGN * ARG_ALIGN;
    }
    free(n->args);
    n->args = args;
    n->kernel = *p;
    n->kernel.kernelParams = pointers;
    n->module_kernel = module_kernel;
    return hipSuccess;
}

static hipError_t set_memset(hipGraphNode_t n, const hipMemsetParams *p) {
    if (!p || !p->dst || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4) || p->height == 0 ||
        (p->height > 1 && p->pitch < p->width * p->elementSize))
        return hipErrorInvalidValue;
    n->set = *p;
    return hipSuccess;
}

static hipError_t set_copy3d(hipGraphNode_t n, const hipMemcpy3DParms *p) {
    if (!p || (unsigned)p->kind > hipMemcpyDefault) return hipErrorInvalidValue;
    n->copy3d = *p;
    return hipSuccess;
}

static hipError_t set_copy1d(hipGraphNode_t n, copy1d c) {
    if ((unsigned)c.kind > hipMemcpyDefault) return hipErrorInvalidMemcpyDirection;
    if (n->type == hipGraphNodeTypeMemcpy1D && c.count && (!c.dst || !c.src)) return hipErrorInvalidValue;
    if (n->type != hipGraphNodeTypeMemcpy1D) {
        void *address;
        size_t size;
        hipError_t err = cu2amd_hip_symbol(c.symbol, &address, &size);
        if (err != hipSuccess) return err;
        if (c.offset > size || c.count > size - c.offset) return hipErrorInvalidValue;
        if (c.count && !(n->type == hipGraphNodeTypeMemcpyToSymbol ? c.src : c.dst)) return hipErrorInvalidValue;
    }
    n->copy = c;
    return hipSuccess;
}

static hipError_t set_host(hipGraphNode_t n, const hipHostNodeParams *p) {
    if (!p || !p->fn) return hipErrorInvalidValue;
    n->host = *p;
    return hipSuccess;
}

static hipError_t clone_graph(hipGraph_t src, hipGraph_t *out);

static hipError_t set_child(hipGraphNode_t n, hipGraph_t child) {
    if (!valid_graph(child) || child == n->graph) return hipErrorInvalidValue;
    hipGraph_t copy;
    hipError_t err = clone_graph(child, &copy);
    if (err != hipSuccess) return err;
    if (n->child) free_graph(n->child);
    n->child = copy;
    return hipSuccess;
}

static hipError_t set_event(hipGraphNode_t n, hipEvent_t event) {
    if (!event) return hipErrorInvalidValue;
    n->event = event;
    return hipSuccess;
}

static hipError_t no_params(hipGraphNode_t n) { return (void)n, hipSuccess; }

/* A node of the given type's kind, or NULL. */
static hipGraphNode_t typed(hipGraphNode_t n, hipGraphNodeType type) {
    return valid_node(n) && n->type == type ? n : NULL;
}

/* Adds a node and sets its parameters with `set(node, params)`; undone if they are invalid. */
#define ADD_NODE(type, set_call)                                                                                       \
    do {                                                                                                               \
        if (!pGraphNode) return record(hipErrorInvalidValue);                                                         \
        hipGraphNode_t node_;                                                                                          \
        hipError_t err_ = new_node(graph, type, pDependencies, numDependencies, &node_);                               \
        if (err_ != hipSuccess) return record(err_);                                                                   \
        hipGraphNode_t n = node_;                                                                                      \
        err_ = (set_call);                                                                                             \
        if (err_ != hipSuccess) {                                                                                      \
            drop_last(node_);                                                                                          \
            return record(err_);                                                                                       \
        }                                                                                                              \
        *pGraphNode = node_;                                                                                           \
        return hipSuccess;                                                                                             \
    } while (0)

hipError_t hipGraphAddKernelNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                 size_t numDependencies, const hipKernelNodeParams *pNodeParams) {
    ADD_NODE(hipGraphNodeTypeKernel, set_kernel(n, pNodeParams));
}

hipError_t hipGraphAddMemcpyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                 size_t numDependencies, const hipMemcpy3DParms *pCopyParams) {
    ADD_NODE(hipGraphNodeTypeMemcpy, set_copy3d(n, pCopyParams));
}

hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                   size_t numDependencies, void *dst, const void *src, size_t count,
                                   hipMemcpyKind kind) {
    ADD_NODE(hipGraphNodeTypeMemcpy1D, set_copy1d(n, (copy1d){dst, src, NULL, count, 0, kind}));
}

hipError_t hipGraphAddMemcpyNodeFromSymbol(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                           const hipGraphNode_t *pDependencies, size_t numDependencies, void *dst,
                                           const void *symbol, size_t count, size_t offset, hipMemcpyKind kind) {
    ADD_NODE(hipGraphNodeTypeMemcpyFromSymbol, set_copy1d(n, (copy1d){dst, NULL, symbol, count, offset, kind}));
}

hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                         const hipGraphNode_t *pDependencies, size_t numDependencies,
                                         const void *symbol, const void *src, size_t count, size_t offset,
                                         hipMemcpyKind kind) {
    ADD_NODE(hipGraphNodeTypeMemcpyToSymbol, set_copy1d(n, (copy1d){NULL, src, symbol, count, offset, kind}));
}

hipError_t hipGraphAddMemsetNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                 size_t numDependencies, const hipMemsetParams *pMemsetParams) {
    ADD_NODE(hipGraphNodeTypeMemset, set_memset(n, pMemsetParams));
}

hipError_t hipGraphAddHostNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                               size_t numDependencies, const hipHostNodeParams *pNodeParams) {
    ADD_NODE(hipGraphNodeTypeHost, set_host(n, pNodeParams));
}

hipError_t hipGraphAddChildGraphNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                     const hipGraphNode_t *pDependencies, size_t numDependencies,
                                     hipGraph_t childGraph) {
    ADD_NODE(hipGraphNodeTypeGraph, set_child(n, childGraph));
}

hipError_t hipGraphAddEmptyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                size_t numDependencies) {
    ADD_NODE(hipGraphNodeTypeEmpty, no_params(n));
}

hipError_t hipGraphAddEventRecordNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                      const hipGraphNode_t *pDependencies, size_t numDependencies, hipEvent_t event) {
    ADD_NODE(hipGraphNodeTypeEventRecord, set_event(n, event));
}

hipError_t hipGraphAddEventWaitNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                    const hipGraphNode_t *pDependencies, size_t numDependencies, hipEvent_t event) {
    ADD_NODE(hipGraphNodeTypeWaitEvent, set_event(n, event));
}

/* Get and set: the node must be of the function's type. */
#define NODE_OF(type)                                                                                                  \
    hipGraphNode_t n = typed(node, type);                                                                              \
    if (!n) return record(hipErrorInvalidValue)

hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node, hipKernelNodeParams *pNodeParams) {
    NODE_OF(hipGraphNodeTypeKernel);
    if (!pNodeParams) return record(hipErrorInvalidValue);
    *pNodeParams = n->kernel;
    return hipSuccess;
}
hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node, const hipKernelNodeParams *pNodeParams) {
    NODE_OF(hipGraphNodeTypeKernel);
    return record(set_kernel(n, pNodeParams));
}
/* A 1D or symbol copy node's parameters are given as the 3D copy they make (one row). */
hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node, hipMemcpy3DParms *pNodeParams) {
    hipGraphNode_t n = valid_node(node) ? node : NULL;
    if (!n || !pNodeParams ||
        (n->type != hipGraphNodeTypeMemcpy && n->type != hipGraphNodeTypeMemcpy1D &&
         n->type != hipGraphNodeTypeMemcpyFromSymbol && n->type != hipGraphNodeTypeMemcpyToSymbol))
        return record(hipErrorInvalidValue);
    if (n->type == hipGraphNodeTypeMemcpy) {
        *pNodeParams = n->copy3d;
        return hipSuccess;
    }
    const copy1d *c = &n->copy;
    void *dst = c->dst, *src = (void *)c->src, *address = NULL;
    size_t size = 0;
    if (n->type != hipGraphNodeTypeMemcpy1D) {
        hipError_t err = cu2amd_hip_symbol(c->symbol, &address, &size);
        if (err != hipSuccess) return record(err);
        if (n->type == hipGraphNodeTypeMemcpyToSymbol) dst = (char *)address + c->offset;
        else src = (char *)address + c->offset;
    }
    memset(pNodeParams, 0, sizeof *pNodeParams);
    pNodeParams->srcPtr = (hipPitchedPtr){src, c->count, c->count, 1};
    pNodeParams->dstPtr = (hipPitchedPtr){dst, c->count, c->count, 1};
    pNodeParams->extent = (hipExtent){c->count, 1, 1};
    pNodeParams->kind = c->kind;
    return hipSuccess;
}
hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node, const hipMemcpy3DParms *pNodeParams) {
    NODE_OF(hipGraphNodeTypeMemcpy);
    return record(set_copy3d(n, pNodeParams));
}
hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void *dst, const void *src, size_t count,
                                         hipMemcpyKind kind) {
    NODE_OF(hipGraphNodeTypeMemcpy1D);
    return record(set_copy1d(n, (copy1d){dst, src, NULL, count, 0, kind}));
}
hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node, void *dst, const void *symbol, size_t count,
                                                 size_t offset, hipMemcpyKind kind) {
    NODE_OF(hipGraphNodeTypeMemcpyFromSymbol);
    return record(set_copy1d(n, (copy1d){dst, NULL, symbol, count, offset, kind}));
}
hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node, const void *symbol, const void *src, size_t count,
                                               size_t offset, hipMemcpyKind kind) {
    NODE_OF(hipGraphNodeTypeMemcpyToSymbol);
    return record(set_copy1d(n, (copy1d){NULL, src, symbol, count, offset, kind}));
}
hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node, hipMemsetParams *pNodeParams) {
    NODE_OF(hipGraphNodeTypeMemset);
    if (!pNodeParams) return record(hipErrorInvalidValue);
    *pNodeParams = n->set;
    return hipSuccess;
}
hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node, const hipMemsetParams *pNodeParams) {
    NODE_OF(hipGraphNodeTypeMemset);
    return record(set_memset(n, pNodeParams));
}
hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node, hipHostNodeParams *pNodeParams) {
    NODE_OF(hipGraphNodeTypeHost);
    if (!pNodeParams) return record(hipErrorInvalidValue);
    *pNodeParams = n->host;
    return hipSuccess;
}
hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node, const hipHostNodeParams *pNodeParams) {
    NODE_OF(hipGraphNodeTypeHost);
    return record(set_host(n, pNodeParams));
}
hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t *pGraph) {
    NODE_OF(hipGraphNodeTypeGraph);
    if (!pGraph) return record(hipErrorInvalidValue);
    *pGraph = n->child;
    return hipSuccess;
}
hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node, hipEvent_t *event_out) {
    NODE_OF(hipGraphNodeTypeEventRecord);
    if (!event_out) return record(hipErrorInvalidValue);
    *event_out = n->event;
    return hipSuccess;
}
hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
    NODE_OF(hipGraphNodeTypeEventRecord);
    return record(set_event(n, event));
}
hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node, hipEvent_t *event_out) {
    NODE_OF(hipGraphNodeTypeWaitEvent);
    if (!event_out) return record(hipErrorInvalidValue);
    *event_out = n->event;
    return hipSuccess;
}
hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
    NODE_OF(hipGraphNodeTypeWaitEvent);
    return record(set_event(n, event));
}

/* ------------------------------------------------------------------ structure */

hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType *pType) {
    if (!valid_node(node) || !pType) return record(hipErrorInvalidValue);
    *pType = node->type;
    return hipSuccess;
}

/* CUDA's convention for the list queries: with no array, the count; with one, up to
 * *count entries, the rest of them NULL, and *count the number written. */
static hipError_t give_list(hipGraphNode_t *out, hipGraphNode_t *out2, size_t *count, hipGraphNode_t *items,
                            hipGraphNode_t *items2, size_t n) {
    if (!count) return record(hipErrorInvalidValue);
    if (!out) {
        *count = n;
        return hipSuccess;
    }
    for (size_t i = 0; i < *count; i++) {
        out[i] = i < n ? items[i] : NULL;
        if (out2) out2[i] = i < n ? items2[i] : NULL;
    }
    if (n < *count) *count = n;
    return hipSuccess;
}

hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t *nodes, size_t *numNodes) {
    if (!valid_graph(graph)) return record(hipErrorInvalidValue);
    return give_list(nodes, NULL, numNodes, graph->nodes, NULL, graph->n);
}

/* Nodes picked from a graph into a temporary array (freed by the caller). */
static hipGraphNode_t *pick(hipGraph_t g, int (*keep)(hipGraph_t, hipGraphNode_t, hipGraphNode_t), hipGraphNode_t arg,
                            size_t *n) {
    hipGraphNode_t *out = malloc((g->n + 1) * sizeof *out);
    *n = 0;
    if (out)
        for (size_t i = 0; i < g->n; i++)
            if (keep(g, g->nodes[i], arg)) out[(*n)++] = g->nodes[i];
    return out;
}
static int is_root(hipGraph_t g, hipGraphNode_t n, hipGraphNode_t arg) { return (void)g, (void)arg, n->n_deps == 0; }
static int depends_on(hipGraph_t g, hipGraphNode_t n, hipGraphNode_t arg) { return (void)g, has_dep(n, arg); }

hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t *pRootNodes, size_t *pNumRootNodes) {
    if (!valid_graph(graph)) return record(hipErrorInvalidValue);
    size_t n;
    hipGraphNode_t *roots = pick(graph, is_root, NULL, &n);
    if (!roots) return record(hipErrorOutOfMemory);
    hipError_t err = give_list(pRootNodes, NULL, pNumRootNodes, roots, NULL, n);
    free(roots);
    return err;
}

hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node, hipGraphNode_t *pDependencies, size_t *pNumDependencies) {
    if (!valid_node(node)) return record(hipErrorInvalidValue);
    return give_list(pDependencies, NULL, pNumDependencies, node->deps, NULL, node->n_deps);
}

hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node, hipGraphNode_t *pDependentNodes,
                                         size_t *pNumDependentNodes) {
    if (!valid_node(node)) return record(hipErrorInvalidValue);
    size_t n;
    hipGraphNode_t *dependents = pick(node->graph, depends_on, node, &n);
    if (!dependents) return record(hipErrorOutOfMemory);
    hipError_t err = give_list(pDependentNodes, NULL, pNumDependentNodes, dependents, NULL, n);
    free(dependents);
    return err;
}

hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t *from, hipGraphNode_t *to, size_t *numEdges) {
    if (!valid_graph(graph) || (!from) != (!to)) return record(hipErrorInvalidValue);
    size_t total = 0;
    for (size_t i = 0; i < graph->n; i++) total += graph->nodes[i]->n_deps;
    hipGraphNode_t *f = malloc((total + 1) * sizeof *f), *t = malloc((total + 1) * sizeof *t);
    if (!f || !t) {
        free(f), free(t);
        return record(hipErrorOutOfMemory);
    }
    size_t k = 0;
    for (size_t i = 0; i < graph->n; i++)
        for (size_t j = 0; j < graph->nodes[i]->n_deps; j++) f[k] = graph->nodes[i]->deps[j], t[k++] = graph->nodes[i];
    hipError_t err = give_list(from, to, numEdges, f, t, total);
    free(f), free(t);
    return err;
}

static hipError_t check_edges(hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to, size_t n) {
    if (!valid_graph(graph) || (n && (!from || !to))) return hipErrorInvalidValue;
    for (size_t i = 0; i < n; i++)
        if (!valid_node(from[i]) || !valid_node(to[i]) || from[i]->graph != graph || to[i]->graph != graph ||
            from[i] == to[i])
            return hipErrorInvalidValue;
    return hipSuccess;
}

hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to,
                                   size_t numDependencies) {
    hipError_t err = check_edges(graph, from, to, numDependencies);
    if (err != hipSuccess) return record(err);
    for (size_t i = 0; i < numDependencies; i++)
        if (has_dep(to[i], from[i])) return record(hipErrorInvalidValue);
    for (size_t i = 0; i < numDependencies; i++)
        if (!has_dep(to[i], from[i]) && push_dep(to[i], from[i]) != hipSuccess) return record(hipErrorOutOfMemory);
    return hipSuccess;
}

static void remove_dep(hipGraphNode_t n, hipGraphNode_t d) {
    for (size_t i = 0; i < n->n_deps; i++)
        if (n->deps[i] == d) {
            memmove(n->deps + i, n->deps + i + 1, (n->n_deps - i - 1) * sizeof *n->deps);
            n->n_deps--;
            return;
        }
}

hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to,
                                      size_t numDependencies) {
    hipError_t err = check_edges(graph, from, to, numDependencies);
    if (err != hipSuccess) return record(err);
    for (size_t i = 0; i < numDependencies; i++)
        if (!has_dep(to[i], from[i])) return record(hipErrorInvalidValue);
    for (size_t i = 0; i < numDependencies; i++) remove_dep(to[i], from[i]);
    return hipSuccess;
}

hipError_t hipGraphDestroyNode(hipGraphNode_t node) {
    if (!valid_node(node)) return record(hipErrorInvalidValue);
    hipGraph_t g = node->graph;
    for (size_t i = 0; i < g->n; i++) remove_dep(g->nodes[i], node);
    memmove(g->nodes + node->index, g->nodes + node->index + 1, (g->n - node->index - 1) * sizeof *g->nodes);
    g->n--;
    for (size_t i = node->index; i < g->n; i++) g->nodes[i]->index = i;
    free_node(node);
    return hipSuccess;
}

/* ------------------------------------------------------------------ clones */

/* Copies one node's parameters into `to` (of the same type). */
static hipError_t copy_params(hipGraphNode_t to, hipGraphNode_t from) {
    switch (from->type) {
    case hipGraphNodeTypeKernel: return set_kernel(to, &from->kernel);
    case hipGraphNodeTypeGraph: return set_child(to, from->child);
    default:
        to->copy3d = from->copy3d, to->copy = from->copy, to->set = from->set, to->host = from->host;
        to->event = from->event;
        return hipSuccess;
    }
}

static hipError_t clone_graph(hipGraph_t src, hipGraph_t *out) {
    hipGraph_t g;
    hipError_t err = hipGraphCreate(&g, 0);
    if (err != hipSuccess) return err;
    for (size_t i = 0; i < src->n && err == hipSuccess; i++) {
        hipGraphNode_t s = src->nodes[i], n;
        err = new_node(g, s->type, NULL, 0, &n);
        if (err != hipSuccess) break;
        n->origin = s;
        err = copy_params(n, s);
    }
    /* then the edges: a node may depend on one made after it (hipGraphAddDependencies) */
    for (size_t i = 0; i < src->n && err == hipSuccess; i++)
        for (size_t j = 0; j < src->nodes[i]->n_deps && err == hipSuccess; j++)
            err = push_dep(g->nodes[i], g->nodes[src->nodes[i]->deps[j]->index]);
    if (err != hipSuccess) {
        free_graph(g);
        return err;
    }
    *out = g;
    return hipSuccess;
}

hipError_t hipGraphClone(hipGraph_t *pGraphClone, hipGraph_t originalGraph) {
    if (!pGraphClone || !valid_graph(originalGraph)) return record(hipErrorInvalidValue);
    return record(clone_graph(originalGraph, pGraphClone));
}

hipError_t hipGraphNodeFindInClone(hipGraphNode_t *pNode, hipGraphNode_t originalNode, hipGraph_t clonedGraph) {
    if (!pNode || !valid_node(originalNode) || !valid_graph(clonedGraph)) return record(hipErrorInvalidValue);
    for (size_t i = 0; i < clonedGraph->n; i++)
        if (clonedGraph->nodes[i]->origin == originalNode) {
            *pNode = clonedGraph->nodes[i];
            return hipSuccess;
        }
    return record(hipErrorInvalidValue);
}

/* ------------------------------------------------------------------ running */

/* The graph's nodes in a dependency order (Kahn's); NULL with *cyclic set for a cycle. */
static hipGraphNode_t *order(hipGraph_t g, int *cyclic) {
    size_t n = g->n, done = 0, head = 0;
    size_t *missing = calloc(n + 1, sizeof *missing);
    hipGraphNode_t *out = malloc((n + 1) * sizeof *out);
    *cyclic = 0;
    if (!missing || !out) {
        free(missing), free(out);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        missing[i] = g->nodes[i]->n_deps;
        if (!missing[i]) out[done++] = g->nodes[i];
    }
    while (head < done) {
        hipGraphNode_t ready = out[head++];
        for (size_t i = 0; i < n; i++)
            if (has_dep(g->nodes[i], ready) && --missing[i] == 0) out[done++] = g->nodes[i];
    }
    free(missing);
    if (done != n) {
        free(out);
        *cyclic = 1;
        return NULL;
    }
    return out;
}

static hipError_t run_graph(hipGraph_t g, hipStream_t stream);

static void run_memset(const hipMemsetParams *p) {
    for (size_t row = 0; row < p->height; row++) {
        char *line = (char *)p->dst + row * p->pitch;
        for (size_t i = 0; i < p->width; i++) switch (p->elementSize) {
            case 1: ((uint8_t *)line)[i] = (uint8_t)p->value; break;
            case 2: ((uint16_t *)line)[i] = (uint16_t)p->value; break;
            default: ((uint32_t *)line)[i] = p->value; break;
            }
    }
}

static hipError_t run_node(hipGraphNode_t n, hipStream_t stream) {
    const copy1d *c = &n->copy;
    switch (n->type) {
    case hipGraphNodeTypeKernel:
        if (n->module_kernel)
            return hipModuleLaunchKernel((hipFunction_t)n->kernel.func, n->kernel.gridDim.x, n->kernel.gridDim.y,
                                         n->kernel.gridDim.z, n->kernel.blockDim.x, n->kernel.blockDim.y,
                                         n->kernel.blockDim.z, n->kernel.sharedMemBytes, stream,
                                         n->kernel.kernelParams, NULL);
        return hipLaunchKernel(n->kernel.func, n->kernel.gridDim, n->kernel.blockDim, n->kernel.kernelParams,
                               n->kernel.sharedMemBytes, stream);
    case hipGraphNodeTypeMemcpy: return hipMemcpy3DAsync(&n->copy3d, stream);
    case hipGraphNodeTypeMemcpy1D: return hipMemcpyAsync(c->dst, c->src, c->count, c->kind, stream);
    case hipGraphNodeTypeMemcpyFromSymbol:
        return hipMemcpyFromSymbolAsync(c->dst, c->symbol, c->count, c->offset, c->kind, stream);
    case hipGraphNodeTypeMemcpyToSymbol:
        return hipMemcpyToSymbolAsync(c->symbol, c->src, c->count, c->offset, c->kind, stream);
    case hipGraphNodeTypeMemset: run_memset(&n->set); return hipSuccess;
    case hipGraphNodeTypeHost: n->host.fn(n->host.userData); return hipSuccess;
    case hipGraphNodeTypeGraph: return run_graph(n->child, stream);
    case hipGraphNodeTypeWaitEvent: return hipStreamWaitEvent(stream, n->event, 0);
    case hipGraphNodeTypeEventRecord: return hipEventRecord(n->event, stream);
    default: return hipSuccess;
    }
}

static hipError_t run_nodes(hipGraphNode_t *nodes, size_t n, hipStream_t stream) {
    hipError_t err = hipSuccess;
    for (size_t i = 0; i < n && err == hipSuccess; i++) err = run_node(nodes[i], stream);
    return err;
}

static hipError_t run_graph(hipGraph_t g, hipStream_t stream) {
    int cyclic;
    hipGraphNode_t *nodes = order(g, &cyclic);
    if (!nodes) return record(cyclic ? hipErrorInvalidValue : hipErrorOutOfMemory);
    hipError_t err = run_nodes(nodes, g->n, stream);
    free(nodes);
    return err;
}

/* Whether the graph (or a child graph in it) has a cycle. */
static int has_cycle(hipGraph_t g) {
    int cyclic;
    hipGraphNode_t *nodes = order(g, &cyclic);
    free(nodes);
    if (cyclic) return 1;
    for (size_t i = 0; i < g->n; i++)
        if (g->nodes[i]->child && has_cycle(g->nodes[i]->child)) return 1;
    return 0;
}

hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t *pGraphExec, hipGraph_t graph, unsigned long long flags) {
    if (!pGraphExec || !valid_graph(graph) || (flags & ~(unsigned long long)hipGraphInstantiateFlagAutoFreeOnLaunch))
        return record(hipErrorInvalidValue);
    if (has_cycle(graph)) return record(hipErrorInvalidValue);
    hipGraphExec_t e = calloc(1, sizeof *e);
    if (!e) return record(hipErrorOutOfMemory);
    int cyclic;
    hipError_t err = clone_graph(graph, &e->graph);
    if (err == hipSuccess && !(e->order = order(e->graph, &cyclic))) {
        free_graph(e->graph);
        err = hipErrorOutOfMemory;
    }
    if (err != hipSuccess) {
        free(e);
        return record(err);
    }
    e->magic = EXEC_MAGIC;
    *pGraphExec = e;
    return hipSuccess;
}

hipError_t hipGraphInstantiate(hipGraphExec_t *pGraphExec, hipGraph_t graph, hipGraphNode_t *pErrorNode,
                               char *pLogBuffer, size_t bufferSize) {
    if (pErrorNode) *pErrorNode = NULL;
    if (pLogBuffer && bufferSize) pLogBuffer[0] = 0;
    return hipGraphInstantiateWithFlags(pGraphExec, graph, 0);
}

hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec) {
    if (!valid_exec(graphExec)) return record(hipErrorInvalidValue);
    free_graph(graphExec->graph);
    free(graphExec->order);
    graphExec->magic = 0;
    free(graphExec);
    return hipSuccess;
}

static hipError_t capture_child(hipGraph_t child, hipStream_t stream);

hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream) {
    if (!valid_exec(graphExec)) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return capture_child(graphExec->graph, stream);
    return run_nodes(graphExec->order, graphExec->graph->n, stream);
}

/* The executable graph's node made from `node`, of the same type. */
static hipGraphNode_t exec_node(hipGraphExec_t e, hipGraphNode_t node) {
    if (!valid_exec(e) || !valid_node(node)) return NULL;
    for (size_t i = 0; i < e->graph->n; i++)
        if (e->graph->nodes[i]->origin == node) return e->graph->nodes[i];
    return NULL;
}

#define EXEC_NODE(check)                                                                                               \
    hipGraphNode_t n = exec_node(hGraphExec, node);                                                                    \
    if (!n || !(check)) return record(hipErrorInvalidValue)

hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           const hipKernelNodeParams *pNodeParams) {
    EXEC_NODE(n->type == hipGraphNodeTypeKernel);
    return record(set_kernel(n, pNodeParams));
}
hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           hipMemcpy3DParms *pNodeParams) {
    EXEC_NODE(n->type == hipGraphNodeTypeMemcpy);
    return record(set_copy3d(n, pNodeParams));
}
hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec, hipGraphNode_t node, void *dst,
                                             const void *src, size_t count, hipMemcpyKind kind) {
    EXEC_NODE(n->type == hipGraphNodeTypeMemcpy1D);
    return record(set_copy1d(n, (copy1d){dst, src, NULL, count, 0, kind}));
}
hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(hipGraphExec_t hGraphExec, hipGraphNode_t node, void *dst,
                                                     const void *symbol, size_t count, size_t offset,
                                                     hipMemcpyKind kind) {
    EXEC_NODE(n->type == hipGraphNodeTypeMemcpyFromSymbol);
    return record(set_copy1d(n, (copy1d){dst, NULL, symbol, count, offset, kind}));
}
hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                                   const void *symbol, const void *src, size_t count, size_t offset,
                                                   hipMemcpyKind kind) {
    EXEC_NODE(n->type == hipGraphNodeTypeMemcpyToSymbol);
    return record(set_copy1d(n, (copy1d){NULL, src, symbol, count, offset, kind}));
}
hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           const hipMemsetParams *pNodeParams) {
    EXEC_NODE(n->type == hipGraphNodeTypeMemset);
    return record(set_memset(n, pNodeParams));
}
hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                         const hipHostNodeParams *pNodeParams) {
    EXEC_NODE(n->type == hipGraphNodeTypeHost);
    return record(set_host(n, pNodeParams));
}
hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node, hipGraph_t childGraph) {
    EXEC_NODE(n->type == hipGraphNodeTypeGraph);
    return record(set_child(n, childGraph));
}
hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec, hipGraphNode_t hNode, hipEvent_t event) {
    hipGraphNode_t node = hNode;
    EXEC_NODE(n->type == hipGraphNodeTypeEventRecord);
    return record(set_event(n, event));
}
hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec, hipGraphNode_t hNode, hipEvent_t event) {
    hipGraphNode_t node = hNode;
    EXEC_NODE(n->type == hipGraphNodeTypeWaitEvent);
    return record(set_event(n, event));
}

/* CUDA's rule: the graph must have the executable graph's topology (nodes matched in
 * creation order, of the same types, with the same dependencies, kernels of the same
 * function); then every node takes the graph's parameters. */
static hipGraphExecUpdateResult update_check(hipGraph_t have, hipGraph_t want, hipGraphNode_t *bad) {
    if (have->n != want->n) return hipGraphExecUpdateErrorTopologyChanged;
    for (size_t i = 0; i < want->n; i++) {
        hipGraphNode_t h = have->nodes[i], w = want->nodes[i];
        *bad = w;
        if (h->type != w->type) return hipGraphExecUpdateErrorNodeTypeChanged;
        if (h->n_deps != w->n_deps) return hipGraphExecUpdateErrorTopologyChanged;
        for (size_t j = 0; j < w->n_deps; j++)
            if (!has_dep(h, have->nodes[w->deps[j]->index])) return hipGraphExecUpdateErrorTopologyChanged;
        if (w->type == hipGraphNodeTypeKernel && h->kernel.func != w->kernel.func)
            return hipGraphExecUpdateErrorFunctionChanged;
    }
    *bad = NULL;
    return hipGraphExecUpdateSuccess;
}

hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph, hipGraphNode_t *hErrorNode_out,
                              hipGraphExecUpdateResult *updateResult_out) {
    if (!valid_exec(hGraphExec) || !valid_graph(hGraph) || !hErrorNode_out || !updateResult_out)
        return record(hipErrorInvalidValue);
    hipGraphNode_t bad = NULL;
    hipGraphExecUpdateResult result = update_check(hGraphExec->graph, hGraph, &bad);
    for (size_t i = 0; i < hGraph->n && result == hipGraphExecUpdateSuccess; i++) {
        hipGraphNode_t h = hGraphExec->graph->nodes[i], w = hGraph->nodes[i];
        if (copy_params(h, w) != hipSuccess) result = hipGraphExecUpdateErrorParametersChanged, bad = w;
    }
    *hErrorNode_out = bad;
    *updateResult_out = result;
    return result == hipGraphExecUpdateSuccess ? hipSuccess : record(hipErrorGraphExecUpdateFailure);
}

/* ------------------------------------------------------------------ stream capture */

/* One stream's part in a capture sequence (several streams share one through events). */
typedef struct capture {
    hipStream_t stream;
    unsigned long long id;
    hipGraph_t graph; /* the sequence's, shared */
    hipStreamCaptureMode mode;
    hipStreamCaptureStatus status;
    int origin; /* the stream that began the sequence (and must end it) */
    pthread_t thread;
    hipGraphNode_t *deps;
    size_t n_deps, cap;
    struct capture *next;
} capture;

/* An event recorded in a capture sequence: the work it stands for. */
typedef struct captured_event {
    hipEvent_t event;
    unsigned long long id;
    hipGraphNode_t *deps;
    size_t n_deps;
    struct captured_event *next;
} captured_event;

static capture *g_captures;
static captured_event *g_events;
static unsigned long long g_next_id = 1;
static int g_global_captures; /* sequences in global mode */
static __thread hipStreamCaptureMode t_mode = hipStreamCaptureModeGlobal;
static __thread int t_local_captures; /* sequences this thread began in thread-local mode */

static capture *find_capture(hipStream_t stream) {
    for (capture *c = g_captures; c; c = c->next)
        if (c->stream == stream) return c;
    return NULL;
}

static captured_event *find_event(hipEvent_t event) {
    for (captured_event *e = g_events; e; e = e->next)
        if (e->event == event) return e;
    return NULL;
}

static hipError_t set_deps(hipGraphNode_t **deps, size_t *n, size_t *cap, const hipGraphNode_t *from, size_t count) {
    if (count > *cap) {
        hipGraphNode_t *d = realloc(*deps, count * sizeof *d);
        if (!d) return hipErrorOutOfMemory;
        *deps = d, *cap = count;
    }
    if (count) memcpy(*deps, from, count * sizeof *from);
    *n = count;
    return hipSuccess;
}

static hipError_t add_deps(capture *c, const hipGraphNode_t *from, size_t count) {
    for (size_t i = 0; i < count; i++) {
        int seen = 0;
        for (size_t j = 0; j < c->n_deps; j++) seen |= c->deps[j] == from[i];
        if (seen) continue;
        if (c->n_deps == c->cap) {
            size_t cap = c->cap ? 2 * c->cap : 4;
            hipGraphNode_t *d = realloc(c->deps, cap * sizeof *d);
            if (!d) return hipErrorOutOfMemory;
            c->deps = d, c->cap = cap;
        }
        c->deps[c->n_deps++] = from[i];
    }
    return hipSuccess;
}

static void invalidate(unsigned long long id) {
    for (capture *c = g_captures; c; c = c->next)
        if (c->id == id) c->status = hipStreamCaptureStatusInvalidated;
}

/* Ends sequence `id`: its streams stop capturing, its events stand for nothing. */
static void end_sequence(unsigned long long id) {
    for (capture **p = &g_captures; *p;) {
        capture *c = *p;
        if (c->id != id) {
            p = &c->next;
            continue;
        }
        if (c->origin) {
            if (c->mode == hipStreamCaptureModeGlobal) g_global_captures--;
            else if (c->mode == hipStreamCaptureModeThreadLocal && pthread_equal(c->thread, pthread_self()))
                t_local_captures--;
        }
        *p = c->next;
        free(c->deps), free(c);
    }
    for (captured_event **p = &g_events; *p;) {
        captured_event *e = *p;
        if (e->id != id) {
            p = &e->next;
            continue;
        }
        *p = e->next;
        free(e->deps), free(e);
    }
}

int cu2amd_graph_capturing(hipStream_t stream) {
    if (!g_captures) return 0;
    pthread_mutex_lock(&g_lock);
    int found = find_capture(stream) != NULL;
    pthread_mutex_unlock(&g_lock);
    return found;
}

int cu2amd_graph_event_captured(hipEvent_t event) {
    if (!g_events) return 0;
    pthread_mutex_lock(&g_lock);
    int found = find_event(event) != NULL;
    pthread_mutex_unlock(&g_lock);
    return found;
}

int cu2amd_graph_unsafe(void) {
    if (t_mode == hipStreamCaptureModeRelaxed || (!g_global_captures && !t_local_captures)) return 0;
    pthread_mutex_lock(&g_lock);
    for (capture *c = g_captures; c; c = c->next)
        if (c->mode == hipStreamCaptureModeGlobal ||
            (c->mode == hipStreamCaptureModeThreadLocal && pthread_equal(c->thread, pthread_self())))
            c->status = hipStreamCaptureStatusInvalidated;
    pthread_mutex_unlock(&g_lock);
    return 1;
}

hipError_t cu2amd_graph_capture_unsupported(hipStream_t stream) {
    pthread_mutex_lock(&g_lock);
    capture *c = find_capture(stream);
    if (c) invalidate(c->id);
    pthread_mutex_unlock(&g_lock);
    return record(hipErrorStreamCaptureUnsupported);
}

/* Adds a node of `type` after the capturing stream's dependencies, set by `set(n, arg)`;
 * it becomes the stream's only dependency. */
typedef hipError_t (*setter)(hipGraphNode_t n, const void *arg);

static hipError_t capture_node(hipStream_t stream, hipGraphNodeType type, setter set, const void *arg) {
    pthread_mutex_lock(&g_lock);
    capture *c = find_capture(stream);
    hipError_t err = hipSuccess;
    hipGraphNode_t n = NULL;
    if (!c) err = hipErrorInvalidValue;
    else if (c->status != hipStreamCaptureStatusActive) err = hipErrorStreamCaptureInvalidated;
    else if ((err = new_node(c->graph, type, c->deps, c->n_deps, &n)) == hipSuccess) {
        err = set(n, arg);
        if (err != hipSuccess) drop_last(n);
        else c->n_deps = 0, err = add_deps(c, &n, 1);
    }
    pthread_mutex_unlock(&g_lock);
    return record(err);
}

static hipError_t set_kernel_arg(hipGraphNode_t n, const void *p) { return set_kernel(n, p); }
static hipError_t set_copy1d_arg(hipGraphNode_t n, const void *p) { return set_copy1d(n, *(const copy1d *)p); }
static hipError_t set_copy3d_arg(hipGraphNode_t n, const void *p) { return set_copy3d(n, p); }
static hipError_t set_memset_arg(hipGraphNode_t n, const void *p) { return set_memset(n, p); }
static hipError_t set_child_arg(hipGraphNode_t n, const void *p) { return set_child(n, (hipGraph_t)p); }

hipError_t cu2amd_graph_capture_kernel(const void *function, dim3 grid, dim3 block, void **args, size_t shmem,
                                       hipStream_t stream) {
    if (shmem > UINT32_MAX) return record(hipErrorInvalidValue);
    hipKernelNodeParams p = {block, NULL, (void *)function, grid, args, (unsigned)shmem};
    return capture_node(stream, hipGraphNodeTypeKernel, set_kernel_arg, &p);
}

hipError_t cu2amd_graph_capture_memcpy(void *dst, const void *src, size_t size, hipMemcpyKind kind,
                                       hipStream_t stream) {
    copy1d c = {dst, src, NULL, size, 0, kind};
    return capture_node(stream, hipGraphNodeTypeMemcpy1D, set_copy1d_arg, &c);
}

hipError_t cu2amd_graph_capture_memcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                         size_t height, hipMemcpyKind kind, hipStream_t stream) {
    if (width > dpitch || width > spitch) return record(hipErrorInvalidPitchValue);
    hipMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = (hipPitchedPtr){(void *)src, spitch, width, height};
    p.dstPtr = (hipPitchedPtr){dst, dpitch, width, height};
    p.extent = (hipExtent){width, height, 1};
    p.kind = kind;
    return capture_node(stream, hipGraphNodeTypeMemcpy, set_copy3d_arg, &p);
}

hipError_t cu2amd_graph_capture_memcpy3d(const hipMemcpy3DParms *p, hipStream_t stream) {
    return capture_node(stream, hipGraphNodeTypeMemcpy, set_copy3d_arg, p);
}

hipError_t cu2amd_graph_capture_memset(void *dst, size_t pitch, unsigned value, unsigned element_size, size_t width,
                                       size_t height, hipStream_t stream) {
    if (!width || !height) return hipSuccess; /* nothing to set: no node, as CUDA */
    hipMemsetParams p = {dst, element_size, height, pitch, value, width};
    return capture_node(stream, hipGraphNodeTypeMemset, set_memset_arg, &p);
}

hipError_t cu2amd_graph_capture_to_symbol(const void *symbol, const void *src, size_t size, size_t offset,
                                          hipMemcpyKind kind, hipStream_t stream) {
    copy1d c = {NULL, src, symbol, size, offset, kind};
    return capture_node(stream, hipGraphNodeTypeMemcpyToSymbol, set_copy1d_arg, &c);
}

hipError_t cu2amd_graph_capture_from_symbol(void *dst, const void *symbol, size_t size, size_t offset,
                                            hipMemcpyKind kind, hipStream_t stream) {
    copy1d c = {dst, NULL, symbol, size, offset, kind};
    return capture_node(stream, hipGraphNodeTypeMemcpyFromSymbol, set_copy1d_arg, &c);
}

/* A graph launched into a capturing stream: a child graph node. */
static hipError_t capture_child(hipGraph_t child, hipStream_t stream) {
    return capture_node(stream, hipGraphNodeTypeGraph, set_child_arg, child);
}

hipError_t cu2amd_graph_capture_event_record(hipEvent_t event, hipStream_t stream) {
    pthread_mutex_lock(&g_lock);
    hipError_t err = hipSuccess;
    capture *c = find_capture(stream);
    captured_event *e = find_event(event);
    if (!c) err = hipErrorInvalidValue;
    else if (c->status != hipStreamCaptureStatusActive) err = hipErrorStreamCaptureInvalidated;
    else if (!e && !(e = calloc(1, sizeof *e))) err = hipErrorOutOfMemory;
    else {
        if (!e->event) e->event = event, e->next = g_events, g_events = e;
        size_t cap = e->n_deps;
        e->id = c->id;
        err = set_deps(&e->deps, &e->n_deps, &cap, c->deps, c->n_deps);
    }
    pthread_mutex_unlock(&g_lock);
    return record(err);
}

hipError_t cu2amd_graph_capture_wait_event(hipStream_t stream, hipEvent_t event) {
    pthread_mutex_lock(&g_lock);
    hipError_t err = hipSuccess;
    capture *c = find_capture(stream);
    captured_event *e = find_event(event);
    if (c && c->status != hipStreamCaptureStatusActive) err = hipErrorStreamCaptureInvalidated;
    else if (c && e && e->id != c->id) err = hipErrorStreamCaptureIsolation;
    else if (c && e) err = add_deps(c, e->deps, e->n_deps);
    else if (e) { /* the stream joins the event's sequence, after the event's work */
        capture *origin = NULL, *j = NULL;
        for (capture *o = g_captures; o; o = o->next)
            if (o->id == e->id && o->origin) origin = o;
        if (!origin) err = hipErrorStreamCaptureInvalidated;
        else if (!(j = calloc(1, sizeof *j))) err = hipErrorOutOfMemory;
        else {
            *j = *origin;
            j->stream = stream, j->origin = 0, j->deps = NULL, j->n_deps = j->cap = 0;
            err = add_deps(j, e->deps, e->n_deps);
            if (err == hipSuccess) j->next = g_captures, g_captures = j;
            else free(j->deps), free(j);
        }
    }
    pthread_mutex_unlock(&g_lock);
    return record(err);
}

hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
    if ((unsigned)mode > hipStreamCaptureModeRelaxed) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (stream == NULL) return record(hipErrorStreamCaptureUnsupported); /* CUDA's legacy stream */
    pthread_mutex_lock(&g_lock);
    hipError_t err = hipSuccess;
    capture *c = NULL;
    if (find_capture(stream)) err = hipErrorIllegalState;
    else if (!(c = calloc(1, sizeof *c)) || (err = hipGraphCreate(&c->graph, 0)) != hipSuccess)
        err = hipErrorOutOfMemory;
    if (err == hipSuccess) {
        c->stream = stream, c->id = g_next_id++, c->mode = mode, c->status = hipStreamCaptureStatusActive;
        c->origin = 1, c->thread = pthread_self();
        c->next = g_captures, g_captures = c;
        if (mode == hipStreamCaptureModeGlobal) g_global_captures++;
        else if (mode == hipStreamCaptureModeThreadLocal) t_local_captures++;
    } else if (c && err != hipErrorIllegalState)
        free(c);
    pthread_mutex_unlock(&g_lock);
    return record(err);
}

/* Work of another stream of the sequence that the origin stream has not joined: a node
 * some stream depends on with nothing after it, which the origin does not depend on. */
static int unjoined(capture *origin) {
    for (capture *c = g_captures; c; c = c->next) {
        if (c->id != origin->id || c == origin) continue;
        for (size_t i = 0; i < c->n_deps; i++) {
            hipGraphNode_t n = c->deps[i];
            int joined = 0;
            for (size_t j = 0; j < origin->n_deps; j++) joined |= origin->deps[j] == n;
            for (size_t j = 0; j < n->graph->n && !joined; j++) joined |= has_dep(n->graph->nodes[j], n);
            if (!joined) return 1;
        }
    }
    return 0;
}

hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *pGraph) {
    if (!pGraph) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    pthread_mutex_lock(&g_lock);
    hipError_t err = hipSuccess;
    capture *c = find_capture(stream);
    hipGraph_t graph = NULL;
    if (!c) err = hipErrorIllegalState;
    else if (!c->origin) err = hipErrorStreamCaptureUnmatched;
    else if (c->mode != hipStreamCaptureModeRelaxed && !pthread_equal(c->thread, pthread_self()))
        err = hipErrorStreamCaptureWrongThread;
    else {
        graph = c->graph;
        if (c->status != hipStreamCaptureStatusActive) err = hipErrorStreamCaptureInvalidated;
        else if (unjoined(c)) err = hipErrorStreamCaptureUnjoined;
        end_sequence(c->id);
        if (err != hipSuccess) free_graph(graph), graph = NULL;
    }
    if (err != hipErrorIllegalState && err != hipErrorStreamCaptureUnmatched &&
        err != hipErrorStreamCaptureWrongThread)
        *pGraph = graph;
    pthread_mutex_unlock(&g_lock);
    return record(err);
}

hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream, hipStreamCaptureStatus *captureStatus_out,
                                      unsigned long long *id_out, hipGraph_t *graph_out,
                                      const hipGraphNode_t **dependencies_out, size_t *numDependencies_out) {
    if (!captureStatus_out) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    pthread_mutex_lock(&g_lock);
    capture *c = find_capture(stream);
    *captureStatus_out = c ? c->status : hipStreamCaptureStatusNone;
    if (c && c->status == hipStreamCaptureStatusActive) {
        if (id_out) *id_out = c->id;
        if (graph_out) *graph_out = c->graph;
        if (dependencies_out) *dependencies_out = c->deps;
        if (numDependencies_out) *numDependencies_out = c->n_deps;
    }
    pthread_mutex_unlock(&g_lock);
    return hipSuccess;
}

hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus,
                                   unsigned long long *pId) {
    return hipStreamGetCaptureInfo_v2(stream, pCaptureStatus, pId, NULL, NULL, NULL);
}

hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus) {
    return hipStreamGetCaptureInfo_v2(stream, pCaptureStatus, NULL, NULL, NULL, NULL);
}

hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream, hipGraphNode_t *dependencies, size_t numDependencies,
                                              unsigned int flags) {
    if (flags > hipStreamSetCaptureDependencies || (numDependencies && !dependencies))
        return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    pthread_mutex_lock(&g_lock);
    hipError_t err = hipSuccess;
    capture *c = find_capture(stream);
    if (!c) err = hipErrorIllegalState;
    else if (c->status != hipStreamCaptureStatusActive) err = hipErrorStreamCaptureInvalidated;
    for (size_t i = 0; i < numDependencies && err == hipSuccess; i++)
        if (!valid_node(dependencies[i]) || dependencies[i]->graph != c->graph) err = hipErrorInvalidValue;
    if (err == hipSuccess && flags == hipStreamSetCaptureDependencies) c->n_deps = 0;
    if (err == hipSuccess) err = add_deps(c, dependencies, numDependencies);
    pthread_mutex_unlock(&g_lock);
    return record(err);
}

hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode *mode) {
    if (!mode || (unsigned)*mode > hipStreamCaptureModeRelaxed) return record(hipErrorInvalidValue);
    hipStreamCaptureMode old = t_mode;
    t_mode = *mode;
    *mode = old;
    return hipSuccess;
}
