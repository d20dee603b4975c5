"""The conformance kit: a line protocol any engine can speak, the suite, and its runners.

* :mod:`.protocol`: the reference engine's side of the protocol (``cuckoo serve``).
* :mod:`.suite`: the cases, as versioned JSON, generated from the spec and the engine: the
  case model (:mod:`.suite_cases`), each game's cases (:mod:`.suite_dice`,
  :mod:`.suite_cards`, :mod:`.suite_kuckuck`) and the files (:mod:`.suite_files`).
* :mod:`.runner`: drives an engine (:mod:`.engine`) through the suite, or through random
  games (:mod:`.differential`); a run's verdicts are :mod:`.verdicts`'s, its report
  :mod:`.report`'s.
* :mod:`.coverage`, :mod:`.rounds`, :mod:`.mutants` (:mod:`.mutants_core`, a catalogue per
  game and :mod:`.mutants_operators`), :mod:`.releases`, :mod:`.golden`: what the suite
  covers, how well it catches wrong engines, its versions, whole games as they play.
* :mod:`.openspiel`: the OpenSpiel binding as a protocol engine; :mod:`.stored`: the
  stored runs of the page of implementations.
"""
