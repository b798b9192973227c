/* CUDA 12.4's conditional graph nodes (IF, WHILE) and CUDA 12.8's (IF with an else graph,
 * SWITCH), over HIP 5.2's graphs, which cannot branch while they run. Part of
 * runtime_graph.h (included at its end): include cuda_runtime_api.h.
 *
 * A handle is a word of device memory, which cudaGraphSetConditional stores to. A
 * conditional node is a host node of its graph standing for a record kept here (handle,
 * kind, body graphs); its callback never runs. cudaGraphLaunch of a graph holding
 * conditional nodes runs it from the calling thread: the ordinary nodes, in a dependency
 * order, up to a conditional node as one executable graph; then, the stream synchronised,
 * the handle's value is read and the body graphs are run the same way, as the value says. */
#ifndef CU2AMD_RUNTIME_GRAPH_COND_H
#define CU2AMD_RUNTIME_GRAPH_COND_H

/* ------------------------------------------------------------------ device side */

/* The handle is the address of its word (global memory on AMD GPUs, the host platform's
 * memory there); the host reads it after the kernels setting it have finished. */
static __device__ __inline__ void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value) {
    *(volatile unsigned int *)(unsigned long long)handle = value;
}

/* ------------------------------------------------------------------ records */

struct __cu2amd_cond_handle {
    unsigned int *word;
    cudaGraph_t graph; /* NULL once destroyed (the word lives while a node uses it) */
    unsigned int value; /* the default launch value */
    unsigned int flags;
    __cu2amd_cond_handle *next;
};
struct __cu2amd_cond_node {
    cudaGraphConditionalHandle handle;
    enum cudaGraphConditionalNodeType type;
    unsigned int size;
    cudaGraph_t *bodies; /* size graphs, owned by the record */
    cudaGraph_t owner;   /* the graph holding the node */
    __cu2amd_cond_node *next;
};
struct __cu2amd_cond_state {
    __cu2amd_cond_handle *handles;
    __cu2amd_cond_node *nodes;
};
__host__ inline __cu2amd_cond_state *__cu2amd_cond(void) {
    static __cu2amd_cond_state state; /* one for the program (an inline function's static) */
    return &state;
}

/* A conditional node's host callback. cudaGraphLaunch evaluates conditional nodes itself:
 * this runs only when a graph holding one is launched another way (cuGraphLaunch), which
 * cannot evaluate it, so the program stops rather than skip the node's bodies. */
__host__ inline void CUDART_CB __cu2amd_cond_placeholder(void *record) {
    (void)record;
    fprintf(stderr, "cu2amd: a graph with conditional nodes was launched other than by cudaGraphLaunch; its "
                    "conditional nodes cannot run\n");
    __builtin_abort();
}

CU2AMD_API __cu2amd_cond_node *__cu2amd_cond_of(cudaGraphNode_t node) {
    int type = 0;
    cudaHostNodeParams host;
    if (!__cu2amd_cond()->nodes || hipGraphNodeGetType(node, &type) != 0 || type != 4 /* hipGraphNodeTypeHost */ ||
        hipGraphHostNodeGetParams(node, &host) != 0 || host.fn != __cu2amd_cond_placeholder)
        return (__cu2amd_cond_node *)0;
    return (__cu2amd_cond_node *)host.userData;
}
CU2AMD_API __cu2amd_cond_handle *__cu2amd_cond_handle_of(cudaGraphConditionalHandle handle) {
    for (__cu2amd_cond_handle *h = __cu2amd_cond()->handles; h; h = h->next)
        if ((unsigned long long)h->word == handle) return h;
    return (__cu2amd_cond_handle *)0;
}
/* A child graph node's graph (NULL for other nodes). */
CU2AMD_API cudaGraph_t __cu2amd_cond_child(cudaGraphNode_t node) {
    int type = 0;
    cudaGraph_t child = (cudaGraph_t)0;
    if (hipGraphNodeGetType(node, &type) != 0 || type != 5 /* hipGraphNodeTypeGraph */ ||
        hipGraphChildGraphNodeGetGraph(node, &child) != 0)
        return (cudaGraph_t)0;
    return child;
}

/* Whether `graph` is `ancestor` or one of its conditional nodes' body graphs, at any depth
 * (the graph of a capture into an existing graph counting as that graph). */
CU2AMD_API int __cu2amd_cond_within(cudaGraph_t graph, cudaGraph_t ancestor) {
    while (graph && graph != ancestor) {
        cudaGraph_t parent = (cudaGraph_t)0;
        for (__cu2amd_cond_node *r = __cu2amd_cond()->nodes; r && !parent; r = r->next)
            for (unsigned i = 0; i < r->size && !parent; i++)
                if (r->bodies[i] == graph) parent = r->owner;
        for (__cu2amd_capture_target *t = *__cu2amd_capture_targets(); t && !parent; t = t->next) {
            cudaGraph_t captured = (cudaGraph_t)0;
            int status = 0;
            if (hipStreamGetCaptureInfo_v2(t->stream, &status, (unsigned long long *)0, &captured,
                                           (const cudaGraphNode_t **)0, (size_t *)0) == 0 &&
                captured == graph)
                parent = t->graph;
        }
        graph = parent;
    }
    return graph && graph == ancestor;
}

/* A record and its bodies go (the handles no node uses any more too). */
CU2AMD_API void __cu2amd_cond_handles_collect(void) {
    for (__cu2amd_cond_handle **p = &__cu2amd_cond()->handles; *p;) {
        __cu2amd_cond_handle *h = *p;
        int used = h->graph != (cudaGraph_t)0;
        for (__cu2amd_cond_node *r = __cu2amd_cond()->nodes; r && !used; r = r->next)
            used = r->handle == (unsigned long long)h->word;
        if (used) {
            p = &h->next;
            continue;
        }
        *p = h->next;
        hipFree(h->word);
        __builtin_free(h);
    }
}
CU2AMD_API void __cu2amd_cond_forget_node(__cu2amd_cond_node *record) {
    __cu2amd_graph_guard guard_;
    for (__cu2amd_cond_node **p = &__cu2amd_cond()->nodes; *p; p = &(*p)->next)
        if (*p == record) {
            *p = record->next;
            break;
        }
    for (unsigned i = 0; i < record->size; i++) {
        __cu2amd_cond_forget(record->bodies[i]);
        hipGraphDestroy(record->bodies[i]);
    }
    __builtin_free(record->bodies), __builtin_free(record);
    __cu2amd_cond_handles_collect();
}
/* Before `graph` is destroyed: the records of its conditional nodes (in child graph nodes'
 * graphs too) go, and its handles are no longer its. */
CU2AMD_API void __cu2amd_cond_forget(cudaGraph_t graph) {
    __cu2amd_graph_guard guard_;
    __cu2amd_cond_state *s = __cu2amd_cond();
    if (!s->nodes && !s->handles) return;
    size_t n = 0;
    cudaGraphNode_t *nodes = __cu2amd_graph_nodes(graph, &n);
    for (size_t i = 0; i < n; i++) {
        cudaGraph_t child = __cu2amd_cond_child(nodes[i]);
        __cu2amd_cond_node *r = child ? (__cu2amd_cond_node *)0 : __cu2amd_cond_of(nodes[i]);
        if (child) __cu2amd_cond_forget(child);
        else if (r && r->owner == graph) __cu2amd_cond_forget_node(r);
    }
    __builtin_free(nodes);
    for (__cu2amd_cond_handle *h = s->handles; h; h = h->next)
        if (h->graph == graph) h->graph = (cudaGraph_t)0;
    __cu2amd_cond_handles_collect();
}

/* A copy of a graph (hipGraphClone; HIP's copy in a child graph node) shares its original's
 * records: each of its conditional nodes gets a record of its own with copies of the bodies
 * (CUDA copies them too). */
CU2AMD_API cudaError_t __cu2amd_cond_own(cudaGraph_t graph) {
    __cu2amd_graph_guard guard_;
    if (!__cu2amd_cond()->nodes) return cudaSuccess;
    size_t n = 0;
    cudaGraphNode_t *nodes = __cu2amd_graph_nodes(graph, &n);
    cudaError_t err = cudaSuccess;
    for (size_t i = 0; i < n && err == cudaSuccess; i++) {
        cudaGraph_t child = __cu2amd_cond_child(nodes[i]);
        __cu2amd_cond_node *r = child ? (__cu2amd_cond_node *)0 : __cu2amd_cond_of(nodes[i]);
        if (child) err = __cu2amd_cond_own(child);
        if (!r || r->owner == graph) continue;
        __cu2amd_cond_node *c = (__cu2amd_cond_node *)__builtin_calloc(1, sizeof(__cu2amd_cond_node));
        cudaGraph_t *bodies = (cudaGraph_t *)__builtin_calloc(r->size, sizeof(cudaGraph_t));
        if (!c || !bodies) {
            __builtin_free(c), __builtin_free(bodies);
            err = __cu2amd_fail(cudaErrorMemoryAllocation);
            break;
        }
        *c = *r;
        c->bodies = bodies, c->owner = graph, c->size = 0;
        for (; c->size < r->size && err == cudaSuccess; c->size++) {
            err = CU2AMD_ERR(hipGraphClone(&c->bodies[c->size], r->bodies[c->size]));
            if (err != cudaSuccess) break;
            err = __cu2amd_cond_own(c->bodies[c->size]);
        }
        c->next = __cu2amd_cond()->nodes, __cu2amd_cond()->nodes = c;
        cudaHostNodeParams host = {__cu2amd_cond_placeholder, c};
        if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphHostNodeSetParams(nodes[i], &host));
    }
    __builtin_free(nodes);
    return err;
}
CU2AMD_API cudaError_t __cu2amd_cond_own_child(cudaGraphNode_t node) {
    cudaGraph_t child = __cu2amd_cond()->nodes ? __cu2amd_cond_child(node) : (cudaGraph_t)0;
    return child ? __cu2amd_cond_own(child) : cudaSuccess;
}

CU2AMD_API int __cu2amd_cond_move(cudaGraphNode_t node, cudaGraph_t to, const cudaGraphNode_t *deps, size_t n,
                                  cudaGraphNode_t *moved, cudaError_t *err) {
    __cu2amd_graph_guard guard_;
    __cu2amd_cond_node *r = __cu2amd_cond_of(node);
    if (!r) return 0;
    cudaHostNodeParams host = {__cu2amd_cond_placeholder, r};
    *err = CU2AMD_ERR(hipGraphAddHostNode(moved, to, deps, n, &host));
    if (*err == cudaSuccess) r->owner = to;
    return 1;
}
CU2AMD_API void __cu2amd_cond_rehome(cudaGraph_t from, cudaGraph_t to) {
    __cu2amd_graph_guard guard_;
    for (__cu2amd_cond_handle *h = __cu2amd_cond()->handles; h; h = h->next)
        if (h->graph == from) h->graph = to;
    for (__cu2amd_cond_node *r = __cu2amd_cond()->nodes; r; r = r->next)
        if (r->owner == from) r->owner = to; /* one whose move failed: freed with the target */
}

/* ------------------------------------------------------------------ handles and nodes */

/* The word is set to the default value now, and again at each launch with
 * cudaGraphCondAssignDefault. */
CU2AMD_API cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t graph,
                                                        unsigned int defaultLaunchValue = 0, unsigned int flags = 0) {
    size_t n = 0;
    if (!pHandle_out || !graph || (flags & ~(unsigned)cudaGraphCondAssignDefault) ||
        hipGraphGetNodes(graph, (cudaGraphNode_t *)0, &n) != 0)
        return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_cond_handle *h = (__cu2amd_cond_handle *)__builtin_calloc(1, sizeof(__cu2amd_cond_handle));
    if (!h) return __cu2amd_fail(cudaErrorMemoryAllocation);
    int mode = cudaStreamCaptureModeRelaxed; /* no unsafe call while a stream captures */
    hipThreadExchangeStreamCaptureMode(&mode);
    cudaError_t err = CU2AMD_ERR(hipMalloc((void **)&h->word, sizeof(unsigned int)));
    if (err == cudaSuccess)
        err = CU2AMD_ERR(hipMemcpy(h->word, &defaultLaunchValue, sizeof(unsigned int), cudaMemcpyHostToDevice));
    hipThreadExchangeStreamCaptureMode(&mode);
    if (err != cudaSuccess) {
        if (h->word) hipFree(h->word);
        __builtin_free(h);
        return err;
    }
    h->graph = graph, h->value = defaultLaunchValue, h->flags = flags;
    __cu2amd_graph_guard guard_;
    h->next = __cu2amd_cond()->handles, __cu2amd_cond()->handles = h;
    *pHandle_out = (unsigned long long)h->word;
    return cudaSuccess;
}

/* cudaGraphAddNode of a conditional node: the handle must be the graph's or, for a node in
 * a body graph, an enclosing graph's; the body graphs are made empty, for the program to
 * fill (p->phGraph_out). */
CU2AMD_API cudaError_t __cu2amd_cond_add(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                         const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                         struct cudaConditionalNodeParams *p) {
    __cu2amd_graph_guard guard_;
    __cu2amd_cond_handle *h = __cu2amd_cond_handle_of(p->handle);
    unsigned size = p->size;
    int sized = p->type == cudaGraphCondTypeIf       ? size == 1 || size == 2
                : p->type == cudaGraphCondTypeWhile  ? size == 1
                : p->type == cudaGraphCondTypeSwitch ? size >= 1
                                                     : 0;
    size_t n = 0;
    if (!pGraphNode || !h || !sized || !graph || hipGraphGetNodes(graph, (cudaGraphNode_t *)0, &n) != 0 ||
        !__cu2amd_cond_within(graph, h->graph))
        return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_cond_node *r = (__cu2amd_cond_node *)__builtin_calloc(1, sizeof(__cu2amd_cond_node));
    cudaGraph_t *bodies = (cudaGraph_t *)__builtin_calloc(size, sizeof(cudaGraph_t));
    if (!r || !bodies) {
        __builtin_free(r), __builtin_free(bodies);
        return __cu2amd_fail(cudaErrorMemoryAllocation);
    }
    r->handle = p->handle, r->type = p->type, r->bodies = bodies, r->owner = graph;
    cudaError_t err = cudaSuccess;
    for (; r->size < size && err == cudaSuccess; r->size++) {
        err = CU2AMD_ERR(hipGraphCreate(&bodies[r->size], 0));
        if (err != cudaSuccess) break;
    }
    cudaHostNodeParams host = {__cu2amd_cond_placeholder, r};
    if (err == cudaSuccess)
        err = CU2AMD_ERR(hipGraphAddHostNode(pGraphNode, graph, pDependencies, numDependencies, &host));
    if (err != cudaSuccess) {
        for (unsigned i = 0; i < r->size; i++) hipGraphDestroy(bodies[i]);
        __builtin_free(bodies), __builtin_free(r);
        return err;
    }
    r->next = __cu2amd_cond()->nodes, __cu2amd_cond()->nodes = r;
    p->phGraph_out = bodies;
    return cudaSuccess;
}
CU2AMD_API cudaError_t __cu2amd_cond_params(cudaGraphNode_t node, struct cudaConditionalNodeParams *p) {
    __cu2amd_cond_node *r = __cu2amd_cond_of(node);
    if (!r) return __cu2amd_fail(cudaErrorInvalidValue);
    p->handle = r->handle, p->type = r->type, p->size = r->size, p->phGraph_out = r->bodies;
    return cudaSuccess;
}

/* ------------------------------------------------------------------ launching */

/* Whether the graph holds conditional nodes (in child graph nodes' graphs too). */
CU2AMD_API int __cu2amd_cond_in(cudaGraph_t graph) {
    size_t n = 0;
    cudaGraphNode_t *nodes = __cu2amd_graph_nodes(graph, &n);
    int found = 0;
    for (size_t i = 0; i < n && !found; i++) {
        cudaGraph_t child = __cu2amd_cond_child(nodes[i]);
        found = child ? __cu2amd_cond_in(child) : __cu2amd_cond_of(nodes[i]) != 0;
    }
    __builtin_free(nodes);
    return found;
}
/* At the start of a launch: the handles of the graph's conditional nodes (at any depth)
 * made with cudaGraphCondAssignDefault get their default value. */
CU2AMD_API cudaError_t __cu2amd_cond_defaults(cudaGraph_t graph) {
    size_t n = 0;
    cudaGraphNode_t *nodes = __cu2amd_graph_nodes(graph, &n);
    cudaError_t err = cudaSuccess;
    for (size_t i = 0; i < n && err == cudaSuccess; i++) {
        cudaGraph_t child = __cu2amd_cond_child(nodes[i]);
        __cu2amd_cond_node *r = child ? (__cu2amd_cond_node *)0 : __cu2amd_cond_of(nodes[i]);
        if (child) err = __cu2amd_cond_defaults(child);
        if (!r) continue;
        __cu2amd_cond_handle *h = __cu2amd_cond_handle_of(r->handle);
        if (h && (h->flags & cudaGraphCondAssignDefault))
            err = CU2AMD_ERR(hipMemcpy(h->word, &h->value, sizeof(unsigned int), cudaMemcpyHostToDevice));
        for (unsigned b = 0; b < r->size && err == cudaSuccess; b++) err = __cu2amd_cond_defaults(r->bodies[b]);
    }
    __builtin_free(nodes);
    return err;
}
/* Whether the launched executable graph has disabled the node of its shadow. */
CU2AMD_API int __cu2amd_cond_disabled(__cu2amd_exec_info *e, cudaGraphNode_t shadow_node) {
    size_t i = 0, k = 0;
    if (!e || !e->n_disabled) return 0;
    while (i < e->n && e->shadow_nodes[i] != shadow_node) i++;
    while (i < e->n && k < e->n && e->first[k] != e->nodes[i]) k++;
    return i < e->n && k < e->n && e->disabled[k];
}
/* Runs the nodes of `graph` marked in `part` (a run of a dependency order, so that no
 * unmarked node lies between two marked ones) as one executable graph, and waits for it. */
CU2AMD_API cudaError_t __cu2amd_cond_run_part(cudaGraph_t graph, cudaGraphNode_t *nodes, const unsigned char *part,
                                              size_t n, cudaStream_t stream, __cu2amd_exec_info *e) {
    cudaGraph_t copy = (cudaGraph_t)0;
    cudaGraphExec_t exec = (cudaGraphExec_t)0;
    cudaGraphNode_t *deps = (cudaGraphNode_t *)__builtin_malloc(2 * (n + 1) * sizeof(cudaGraphNode_t));
    if (!deps) return __cu2amd_fail(cudaErrorMemoryAllocation);
    cudaGraphNode_t *dependents = deps + n + 1;
    cudaError_t err = CU2AMD_ERR(hipGraphClone(&copy, graph));
    for (size_t i = 0; i < n && err == cudaSuccess; i++) {
        cudaGraphNode_t c;
        err = CU2AMD_ERR(hipGraphNodeFindInClone(&c, nodes[i], copy));
        if (err != cudaSuccess) break;
        if (!part[i]) {
            err = CU2AMD_ERR(hipGraphDestroyNode(c));
        } else if (__cu2amd_cond_disabled(e, nodes[i])) { /* an empty node in its place */
            size_t nd = n, nt = n;
            cudaGraphNode_t empty;
            err = CU2AMD_ERR(hipGraphNodeGetDependencies(c, deps, &nd));
            if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphNodeGetDependentNodes(c, dependents, &nt));
            if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphDestroyNode(c));
            if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphAddEmptyNode(&empty, copy, deps, nd));
            for (size_t j = 0; j < nt && err == cudaSuccess; j++)
                err = CU2AMD_ERR(hipGraphAddDependencies(copy, &empty, &dependents[j], 1));
        }
    }
    if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphInstantiate(&exec, copy, (cudaGraphNode_t *)0, (char *)0, 0));
    if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphLaunch(exec, stream));
    if (err == cudaSuccess) err = CU2AMD_ERR(hipStreamSynchronize(stream));
    if (exec) hipGraphExecDestroy(exec);
    if (copy) hipGraphDestroy(copy);
    __builtin_free(deps);
    return err;
}
CU2AMD_API cudaError_t __cu2amd_cond_run(cudaGraph_t graph, cudaStream_t stream, __cu2amd_exec_info *e);
/* A conditional node, the stream idle: its handle's value says which body graphs run. */
CU2AMD_API cudaError_t __cu2amd_cond_eval(const __cu2amd_cond_node *r, cudaStream_t stream) {
    unsigned int value = 0;
    __cu2amd_cond_handle *h;
    {
        __cu2amd_graph_guard guard_;
        h = __cu2amd_cond_handle_of(r->handle);
    }
    if (!h) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err = CU2AMD_ERR(hipMemcpy(&value, h->word, sizeof value, cudaMemcpyDeviceToHost));
    switch (r->type) {
    case cudaGraphCondTypeIf:
        if (err == cudaSuccess && (value || r->size == 2)) err = __cu2amd_cond_run(r->bodies[value ? 0 : 1], stream, 0);
        break;
    case cudaGraphCondTypeWhile:
        while (err == cudaSuccess && value) {
            err = __cu2amd_cond_run(r->bodies[0], stream, 0);
            if (err == cudaSuccess)
                err = CU2AMD_ERR(hipMemcpy(&value, h->word, sizeof value, cudaMemcpyDeviceToHost));
        }
        break;
    default:
        if (err == cudaSuccess && value < r->size) err = __cu2amd_cond_run(r->bodies[value], stream, 0);
        break;
    }
    return err;
}
/* Runs `graph` from the calling thread, in a dependency order that takes ordinary nodes
 * while any is ready: those as one executable graph, then a conditional node (or a child
 * graph node holding one) whose dependencies have run, and so on. The stream is idle when
 * this starts and when it returns. */
CU2AMD_API cudaError_t __cu2amd_cond_run(cudaGraph_t graph, cudaStream_t stream, __cu2amd_exec_info *e) {
    size_t n = 0, parted = 0, done = 0;
    cudaGraphNode_t *nodes = __cu2amd_graph_nodes(graph, &n);
    if (!n) return cudaSuccess;
    /* per node: its dependencies' indices (deps[first[i]] ..), what it is, where it is */
    size_t *first = (size_t *)__builtin_calloc(n + 1, sizeof(size_t)), total = 0;
    cudaGraphNode_t *found = (cudaGraphNode_t *)__builtin_malloc((n + 1) * sizeof(cudaGraphNode_t));
    size_t *deps = (size_t *)0;
    __cu2amd_cond_node **records = (__cu2amd_cond_node **)__builtin_calloc(n, sizeof(__cu2amd_cond_node *));
    cudaGraph_t *children = (cudaGraph_t *)__builtin_calloc(n, sizeof(cudaGraph_t));
    unsigned char *state = (unsigned char *)__builtin_calloc(2 * n, 1); /* ran, in the part */
    cudaError_t err = first && found && records && children && state ? cudaSuccess
                                                                     : __cu2amd_fail(cudaErrorMemoryAllocation);
    for (size_t i = 0; i < n && err == cudaSuccess; i++) {
        size_t nd = 0;
        err = CU2AMD_ERR(hipGraphNodeGetDependencies(nodes[i], (cudaGraphNode_t *)0, &nd));
        total += nd;
        children[i] = __cu2amd_cond_child(nodes[i]);
        if (children[i] && !__cu2amd_cond_in(children[i])) children[i] = (cudaGraph_t)0; /* an ordinary node */
        if (!children[i]) records[i] = __cu2amd_cond_of(nodes[i]);
    }
    if (err == cudaSuccess && !(deps = (size_t *)__builtin_malloc((total + 1) * sizeof(size_t))))
        err = __cu2amd_fail(cudaErrorMemoryAllocation);
    for (size_t i = 0, at = 0; i < n && err == cudaSuccess; i++) {
        size_t nd = n;
        first[i] = at;
        err = CU2AMD_ERR(hipGraphNodeGetDependencies(nodes[i], found, &nd));
        for (size_t j = 0; j < nd && at < total; j++) {
            size_t k = 0;
            while (k < n && nodes[k] != found[j]) k++;
            deps[at++] = k;
        }
        first[i + 1] = at;
    }
    unsigned char *ran = state, *part = state + n;
    while (err == cudaSuccess && done < n) {
        size_t ordinary = n, special = n;
        for (size_t i = 0; i < n && ordinary == n; i++) {
            int ready = !ran[i] && !part[i];
            for (size_t j = first[i]; j < first[i + 1] && ready; j++)
                ready = deps[j] < n && (ran[deps[j]] || part[deps[j]]);
            if (!ready) continue;
            if (records[i] || children[i]) special = special < n ? special : i;
            else ordinary = i;
        }
        if (ordinary < n) {
            part[ordinary] = 1, parted++, done++;
            continue;
        }
        if (special == n) { /* a cycle */
            err = __cu2amd_fail(cudaErrorInvalidValue);
            break;
        }
        if (parted) err = __cu2amd_cond_run_part(graph, nodes, part, n, stream, e);
        for (size_t i = 0; i < n; i++) ran[i] |= part[i], part[i] = 0;
        parted = 0;
        if (err == cudaSuccess)
            err = records[special] ? __cu2amd_cond_eval(records[special], stream)
                                   : __cu2amd_cond_run(children[special], stream, 0);
        ran[special] = 1, done++;
    }
    if (err == cudaSuccess && parted) err = __cu2amd_cond_run_part(graph, nodes, part, n, stream, e);
    __builtin_free(nodes), __builtin_free(first), __builtin_free(found), __builtin_free(deps);
    __builtin_free(records), __builtin_free(children), __builtin_free(state);
    return err;
}
/* cudaGraphLaunch: 1 when the executable graph holds conditional nodes, with the result in
 * *err; the launch returns when the graph has run. */
CU2AMD_API int __cu2amd_cond_launch(cudaGraphExec_t exec, cudaStream_t stream, cudaError_t *err) {
    __cu2amd_exec_info *e;
    {
        __cu2amd_graph_guard guard_;
        if (!__cu2amd_cond()->nodes) return 0;
        e = __cu2amd_exec_find(exec);
        if (!e || !__cu2amd_cond_in(e->shadow)) return 0;
    }
    int capturing = 0;
    if (hipStreamIsCapturing(stream, &capturing) == 0 && capturing != cudaStreamCaptureStatusNone) {
        *err = __cu2amd_fail(cudaErrorStreamCaptureUnsupported);
        return 1;
    }
    *err = CU2AMD_ERR(hipStreamSynchronize(stream));
    if (*err == cudaSuccess) *err = __cu2amd_cond_defaults(e->shadow);
    if (*err == cudaSuccess) *err = __cu2amd_cond_run(e->shadow, stream, e);
    return 1;
}

#endif
