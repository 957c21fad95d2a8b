"""``python -m referee``: the ``referee`` command line (:mod:`referee.cli`)."""

from referee.cli import main

if __name__ == "__main__":
    main(prog_name="referee")
