# C types for route_kernel.py, read by Cython when setup.py builds ``route_kernel_c``
# (numpuzzles.core.jit.build_c), as scan_kernel.pxd does for the scan: the .py file stays the
# plain Python that numba compiles; this file only adds types.  Keep every signature in step
# with its function there (Cython refuses to build when they differ, and the build is then
# skipped: see jit.build_c).  ``cython.locals`` types the locals Cython cannot infer (truth
# values kept for later); tests/core/test_kernel_c_types.py checks that no kernel function
# keeps a Python object.
cimport cython

cdef long long BORDER, BLOCKED, UNSEEN, LOW63
cdef long long DEPTH, FOUND, NODES, RANDOM, SPREAD, LEVELS, HUG, SLACK, BOUNDED, WEIGHT
cdef long long EXHAUSTED, LIMIT, PAUSED, BOUND_REACHED, FIRST, BOUND, BLIND

cdef void _distances(long long[::1] occ, long long width, long long goal, long long[::1] dist,
                     long long[::1] queue) noexcept nogil

@cython.locals(beside=cython.bint, fine=cython.bint)
cdef long long _connected(long long[::1] occ, long long width, long long[::1] start,
                          long long[::1] goal, long long[::1] routed, long long active,
                          long long head, long long[::1] comp, long long[::1] queue,
                          long long[::1] seen) noexcept nogil

cdef void _explain_cut(long long[::1] occ, long long[::1] isend, long long width,
                       long long own, long long a, long long b, long long[::1] comp,
                       long long[::1] seen, long long[:, ::1] conf) noexcept nogil

@cython.locals(fine=cython.bint, done=cython.bint, best=cython.longlong,
               best_d=cython.longlong, dk=cython.longlong, dx=cython.longlong)
cpdef long long route(long long[::1] occ, long long[::1] isend, long long width,
                      long long[::1] start, long long[::1] goal, long long[::1] routed,
                      long long[:, ::1] dist, long long[:, ::1] conf, long long[::1] stack,
                      long long[::1] last, long long[:, ::1] info, long long[::1] weight,
                      long long[::1] flab, long long[::1] fhead, long long[:, ::1] fcand,
                      long long[::1] fnum, long long[::1] fnext, long long[::1] fplaced,
                      long long[::1] comp, long long[::1] queue, long long[::1] seen,
                      long long[::1] reg, long long[::1] keys,
                      long long budget) noexcept nogil

cdef bint _stays_empty(long long[::1] occ, long long width, long long y, long long lab,
                       long long goal, bint done, long long[::1] routed,
                       long long[:, ::1] conf) noexcept nogil

@cython.locals(x=cython.longlong)
cdef long long _next_random(long long[::1] reg) noexcept nogil

cpdef long long route_free(long long[::1] occ, long long[::1] isend, long long width,
                           long long[::1] start, long long[::1] goal, long long[::1] routed,
                           long long[:, ::1] dist, long long[:, ::1] conf,
                           long long[::1] stack, long long[::1] last,
                           long long[:, ::1] info, long long[::1] weight,
                           long long[::1] flab, long long[::1] fhead,
                           long long[:, ::1] fcand, long long[::1] fnum,
                           long long[::1] fnext, long long[::1] fplaced,
                           long long[::1] comp, long long[::1] queue, long long[::1] seen,
                           long long[::1] reg, long long[::1] keys, long long budget)
