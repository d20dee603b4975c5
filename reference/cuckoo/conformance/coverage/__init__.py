"""What the suite covers: every rule under every value of its parameters
(:mod:`.parameters`, which writes the coverage page), the notation's structure
(:mod:`.notation`), which error wins (:mod:`.precedence`) and the order inside a round
(:mod:`.rounds`).
"""
