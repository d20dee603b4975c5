"""Running an engine: the suite's cases (:mod:`.runner`, :mod:`.cases`, the options of
``cuckoo conform`` in :mod:`.options`), random games against the reference
(:mod:`.differential`), what a run found (:mod:`.verdicts`) and its report (:mod:`.report`);
the stored runs of the page of implementations (:mod:`.stored`) and the OpenSpiel binding as
an engine (:mod:`.openspiel`).
"""
