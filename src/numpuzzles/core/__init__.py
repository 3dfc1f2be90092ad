"""What every puzzle family shares, and every surface uses.

``family`` (the ``Family`` protocol, ``FamilyBase``, ``Ruled``, ``Generated``), ``params``
(``Param``: options declared once), ``records`` (the JSON record, ``dumps_json``),
``batch`` (``generate_many`` and the one ``DistinctFilter``), ``result`` (``Status``,
``SolveResult``), ``errors`` (typed errors, ``one_line``), ``violation``, ``deadline``,
``seeds`` (seeds and IDs), ``fileio`` (write to a temporary file, then rename),
``intparse`` and ``jsontext`` (bounded readers), ``dsf`` and ``grid`` (union-find,
neighbours), ``jit`` (the compiled kernels: ahead-of-time build, numba's JIT, plain Python).
"""
