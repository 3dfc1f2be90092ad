"""Making Numberlink puzzles with a proved unique solution, and grading them.

- ``unique``: ``generate``, the default generator (cover, repair, thin, prove);
- ``cover``: the random cover of self-avoiding paths every generator starts from;
- ``repair``: cutting the witness where solutions differ until one is left;
- ``sparse``: thinning (reshaping a cover to few long paths, proved merges) and the
  board sizes thinned by default;
- ``deduce``: the deduction solver (local rules and one-step lookahead) that guides the
  repairs, proves merges and gives the deduction grade;
- ``grade``: the difficulty grades (the scan search's effort to prove a puzzle unique);
- ``unionfind``: the original C program's method (random paths by union-find, not unique);
- ``layout``: the layout controls' rules (where the ends may lie), ``steer``: moving a cover
  or a proved puzzle towards a layout, ``symmetric``: symmetric layouts, by whole orbits.

Arukone's generator, which builds on ``cover`` and ``unique``, is in ``../arukone/``.
"""
