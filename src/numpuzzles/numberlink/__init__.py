"""Numberlink (Flow Free, Arukone): connect equal labels with non-crossing paths."""
