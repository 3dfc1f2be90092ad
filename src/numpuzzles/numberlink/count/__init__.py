"""Counting Numberlink solutions exactly, without listing them.

- ``solutions``: ``count_solutions``, the front door (the counter and the solvers'
  listing taking turns, whichever proves the count first);
- ``counter``: the frontier counter, two sweeps meeting at a row (``Counting``, ``count``);
- ``sweep`` over ``counter_kernel``: one sweep of the frontier, row by row, compiled;
- ``meet_kernel``: the sum over the pairs of states that fit where two sweeps meet;
- ``views``: which view of the board the counter sweeps;
- ``reference``: the first counter in plain Python over tuples, kept to test against.

Kept light: importing this package loads neither numpy nor the kernels.
"""
