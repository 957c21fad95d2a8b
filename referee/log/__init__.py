"""The game log and its verdict: the records, the one reader, the replay (one pass, or the careful way) and
the verdict."""
