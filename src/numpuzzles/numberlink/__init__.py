"""Numberlink (Flow Free, Arukone): connect equal labels with non-crossing paths.

The top holds what every wing shares:

- ``model``: boards, solutions and the three rule sets (``fill``, ``fill-notouch``,
  ``blank``);
- ``check``: the independent checker (shares no code with any solver or generator);
- ``formats/``: every text format read and written (one module each, ``bwinf`` included);
- ``trace``: paths recovered from a grid of labels (for formats that store only labels);
- ``symmetry``: the eight views of a board and a canonical form for "the same puzzle";
- ``draw``: the SVG picture;
- ``family``: Numberlink through the shared ``Family`` protocol (the only door the CLI,
  the web app and batch use).

The wings, one job each:

- ``solve/``: finding solutions (``dispatch.solve`` picks among SAT, the scan search and
  the router, and races them);
- ``count/``: counting solutions without listing them (``solutions.count_solutions``);
- ``generate/``: making puzzles with a proved unique solution, and grading them;
- ``arukone/``: the Arukone flavour (its family, generator and the BwInf checker models).
"""
