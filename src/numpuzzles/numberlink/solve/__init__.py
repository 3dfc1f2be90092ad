"""Solving Numberlink boards: exact engines, and the dispatch that picks and races them.

- ``dispatch``: ``solve``, the front door; it sizes the board up (``reach``) and chooses;
- ``reach``: which cells each label may use; a label cut off proves "no solution" at once;
- ``sat_model`` and ``sat``: the SAT encoding (every rule set; proves "none" and
  "unique") and its incremental solve loop with lazy cuts and one ``Alarm`` per call;
- ``scan`` over ``scan_kernel``: the compiled depth-first search (``fill-notouch``);
- ``route`` over ``route_kernel``: the router of shortest ``blank`` solutions, restarted
  on the Luby schedule;
- ``race``: the scan search or router first, then raced against SAT in a second thread;
- ``budget``: what the resumable searches share, ``SearchOutcome`` and the budget loop.

Kept light: importing this package loads none of the engines.
"""
