"""The conformance kit: a line protocol any engine can speak, the suite, and its runners.

* :mod:`.protocol`: the reference engine's side of the protocol (``cuckoo serve``).
* :mod:`.suite`: the cases, as versioned JSON, generated from the spec and the engine.
* :mod:`.runner`: drives an engine through the suite or through random games.
"""
