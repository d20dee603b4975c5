"""The suite: the case model (:mod:`.cases`), each game's cases (:mod:`.dice`, :mod:`.cards`,
:mod:`.kuckuck`), the notation's, the parameters', which error wins and the protocol matrix,
built into files by :mod:`.build` (``python -m cuckoo.conformance.suites.build``) and read by
:mod:`.files`; its versions (:mod:`.releases`) and whole games as they play (:mod:`.golden`).
"""
