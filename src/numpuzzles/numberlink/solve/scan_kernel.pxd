# C types for scan_kernel.py, read by Cython when setup.py builds ``scan_kernel_c``
# (numpuzzles.core.jit.build_c): the same source compiled to a C extension that needs no numpy,
# so a process that only solves boards the scan settles never imports it.  The .py file stays
# the plain Python that numba compiles; this file only adds types.  Keep every signature in
# step with its function there (Cython refuses to build when they differ, and the build is then
# skipped: see jit.build_c).
cdef long long N, E, S, W, BORDER, BLOCKED, DEPTH, TRAIL, FOUND, NODES, EXHAUSTED, LIMIT, PAUSED

cpdef long long prepare(long long[:] lab, long long w, long long h, long long[:] req,
                        long long[:] canse, long long[:] order, long long[:] rank,
                        long long[:] col)
cpdef long long parts(long long[:] lab, long long width, long long[:] part,
                      long long[:] sizes, long long[:] stack)
cpdef long long trace(long long[:] con, long long width, long long[:] starts,
                      long long[:] labels, long long[:] path, long long[:] cut,
                      long long[:] owner)
cpdef long long search(long long[:] lab, long long[:] req, long long[:] canse,
                       long long[:] order, long long[:] rank, long long width,
                       long long[:] con, long long[:] end, long long[:] col,
                       long long[:, :] trail, long long[:] opt, long long[:] mark,
                       long long[:] reg, long long[:, :] sols, long long limit,
                       long long budget)
