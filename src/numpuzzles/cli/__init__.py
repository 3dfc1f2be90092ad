"""The command line: ``numpuzzles FAMILY VERB [ARGS]``, thin wrappers over the library."""
