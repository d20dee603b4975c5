"""The bots' old place, kept only while ``docs/_ext/app_bytecode.py`` imports it by this
name (it preloads the app's modules): the bots are :mod:`cuckoo.players.bots`."""

from .players.bots import BOTS, Bot, bot_named

__all__ = ["BOTS", "Bot", "bot_named"]
