"""What Fubuki and Survo share: tables of distinct numbers 1..N placed to line sums.

Why a package of its own: Fubuki (square, with diagonal and product variants) and Survo
(any m×n, open or with givens) are one genre.  Each family keeps its own model, solver,
counter, formats and generator, because those differ (Fubuki's variants, Survo's shapes
and open counts) and because Fubuki's IDs and files must stay as they are.  What a person
sees of the genre is the same in both, and is written once here over the ``SumTable``
protocol (``table.py``):

- ``ladder``: the hint ladder (last cell, only number, only place; search is each
  family's, as their solvers differ), the grade it gives when played to the end, and the
  hint's answer for the protocol;
- ``setter``: ``analyse``, the setter's view (the count, the backbone asked of the solver
  one cell at a time, and a given proved to make the puzzle unique);
- ``family``: ``SumFamily``, the protocol adapter's reading, writing and checking.
"""
