"""Step definitions of the UNO DUO rulebook (features/): thin steps that write a game log and read the
referee's verdict. No rule of the game lives here."""
