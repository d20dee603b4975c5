"""The conformance kit: a line protocol any engine can speak, the suite, and its runners.

* :mod:`.protocol`: the reference engine's side of the protocol (``cuckoo serve``);
  :mod:`.engine`: an engine as the kit drives it, one process and a timeout an answer.
* :mod:`.suites`: the cases, as versioned JSON, generated from the spec and the engine
  (:mod:`.suites.build`), with their releases and the golden games.
* :mod:`.run`: drives an engine through the suite (:mod:`.run.runner`) or through random
  games (:mod:`.run.differential`); a run's verdicts, its report and the stored runs.
* :mod:`.coverage`: what the suite covers: parameters, notation, which error wins, rounds.
* :mod:`.mutants`: how well it catches wrong engines: plausible misreadings of the rules.
"""
