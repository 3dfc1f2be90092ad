"""Numberlink (Flow Free, Arukone): connect equal labels with non-crossing paths.

Modules: ``model`` (boards, solutions, rule sets), ``formats`` (every text format),
``solve`` (incremental SAT), ``count`` (frontier counter), ``check`` (the independent
checker), ``trace`` (paths from label grids); generators live beside them.
"""
