"""How well the suite catches wrong engines: what a mutant is (:mod:`.core`), each game's
misreadings (:mod:`.dice`, :mod:`.cards`, :mod:`.kuckuck`), the operators' and the kinds'
(:mod:`.operators`, :mod:`.kinds`), and the harness that serves and scores them
(:mod:`.harness`).
"""
