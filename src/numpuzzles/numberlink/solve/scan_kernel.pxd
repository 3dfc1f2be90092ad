# C types for scan_kernel.py, read by Cython when setup.py builds ``scan_kernel_c``
# (numpuzzles.core.jit.build_c): the same source compiled to a C extension that needs no numpy,
# so a process that only solves boards the scan settles never imports it.  The .py file stays
# the plain Python that numba compiles; this file only adds types.  Keep every signature in
# step with its function there (Cython refuses to build when they differ, and the build is then
# skipped: see jit.build_c).  ``cython.locals`` types the locals Cython cannot infer (a sum of
# truth values stays a Python object otherwise: every node paid for it, 1.6x the time, until
# 2026-12-06); tests/core/test_kernel_c_types.py checks that no kernel function keeps one.
cimport cython

cdef long long N, E, S, W, BORDER, BLOCKED, DEPTH, TRAIL, FOUND, NODES, EXHAUSTED, LIMIT, PAUSED

cpdef long long prepare(long long[::1] lab, long long w, long long h, long long[::1] req,
                        long long[::1] canse, long long[::1] order, long long[::1] rank,
                        long long[::1] col)
cpdef long long parts(long long[::1] lab, long long width, long long[::1] part,
                      long long[::1] sizes, long long[::1] stack)
cpdef long long trace(long long[::1] con, long long width, long long[::1] starts,
                      long long[::1] labels, long long[::1] path, long long[::1] cut,
                      long long[::1] owner)
@cython.locals(need=cython.longlong, up=cython.longlong, ne_corner=cython.bint,
               lane=cython.bint)
cpdef long long search(long long[::1] lab, long long[::1] req, long long[::1] canse,
                       long long[::1] order, long long[::1] rank, long long width,
                       long long[::1] con, long long[::1] end, long long[::1] col,
                       long long[:, ::1] trail, long long[::1] opt, long long[::1] mark,
                       long long[::1] reg, long long[:, ::1] sols, long long limit,
                       long long budget) noexcept nogil
cpdef long long search_free(long long[::1] lab, long long[::1] req, long long[::1] canse,
                            long long[::1] order, long long[::1] rank, long long width,
                            long long[::1] con, long long[::1] end, long long[::1] col,
                            long long[:, ::1] trail, long long[::1] opt, long long[::1] mark,
                            long long[::1] reg, long long[:, ::1] sols, long long limit,
                            long long budget)
